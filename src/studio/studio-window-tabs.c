/* studio-window-tabs.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The tabs of a StudioWindow (issue 21), as GNOME Text Editor has them: an
 * AdwTabBar under the header bar (shown once there are two tabs) over an
 * AdwTabView.  Each tab is a StudioTab: its own StudioDocument (the game,
 * the file, the variant, the current move, the arrows and marks, the undo
 * history, its draft) and whether it shows the game or the start page.
 *
 * The window builds its board, move list and side pane once: they show the
 * selected tab's document.  Selecting a tab moves that one set of widgets
 * into the tab's page and binds the window to its document
 * (_studio_window_bind_document()), so that everything shown — the board,
 * the moves, the engine lines, the review summary, the evaluation bar, the
 * side names, the banners — is of that tab's game and variant.
 *
 * Work that would replace unsaved work opens in a new tab beside the
 * current one, with a toast (_studio_window_target_for_new_work()).
 * Ctrl+T opens a tab on the start page, Ctrl+W closes the current tab
 * (asking first when it has unsaved changes: nothing is lost), Ctrl+Page
 * Down/Up (and Ctrl+Tab, Ctrl+Shift+Tab) select the next and previous tab.
 * Closing the last tab closes the window.  While a position is set up or
 * problems are solved the tabs stay as they are (the mode belongs to the
 * tab it was entered in).
 */
#define G_LOG_DOMAIN "studio-window-tabs"

#include "studio-config.h"

#include <adwaita.h>
#include <glib/gi18n.h>

#include "studio-document.h"
#include "studio-window-private.h"

/* What a tab holds beside its page. */
typedef struct {
  StudioDocument *document;
  gboolean        game_page;     /* the game shown, not the start page */
  gboolean        problem_shown; /* the Problem view asked for (win.problem) */
  char           *view;          /* the side pane's view shown, or NULL */
} StudioTab;

static void
studio_tab_free (StudioTab *tab)
{
  g_clear_object (&tab->document);
  g_free (tab->view);
  g_free (tab);
}

static StudioTab *
tab_of_page (AdwTabPage *page)
{
  return page != NULL ? g_object_get_data (G_OBJECT (page), "studio-tab") : NULL;
}

static AdwTabPage *
page_of_document (StudioWindow   *self,
                  StudioDocument *document)
{
  guint n = adw_tab_view_get_n_pages (self->tab_view);

  for (guint i = 0; i < n; i++)
    {
      AdwTabPage *page = adw_tab_view_get_nth_page (self->tab_view, (int) i);

      if (tab_of_page (page)->document == document)
        return page;
    }
  return NULL;
}

/* The tab's title: the game's name (its file's, or the game's own), with
 * the unsaved mark of the window title; the start page's is "New Tab".
 * The tooltip says where the game is kept. */
static void
tab_update_title (AdwTabPage *page)
{
  StudioTab *tab = tab_of_page (page);
  g_autofree char *name = NULL;
  g_autofree char *title = NULL;
  GFile *file;

  if (tab == NULL)
    return;
  if (!tab->game_page)
    {
      adw_tab_page_set_title (page, _("New Tab"));
      adw_tab_page_set_tooltip (page, NULL);
      return;
    }

  name = studio_document_dup_title (tab->document);
  if (studio_document_get_modified (tab->document))
    title = g_strdup_printf ("• %s", name);
  else
    title = g_strdup (name);
  adw_tab_page_set_title (page, title);

  file = studio_document_get_file (tab->document);
  if (file != NULL)
    {
      g_autofree char *where = g_file_get_parse_name (file);
      g_autofree char *markup = g_markup_escape_text (where, -1);

      adw_tab_page_set_tooltip (page, markup);
    }
  else
    adw_tab_page_set_tooltip (page, NULL);
}

/* A page for @document, after the selected one; not selected. */
static AdwTabPage *
studio_window_append_tab (StudioWindow   *self,
                          StudioDocument *document)
{
  GtkWidget *bin = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  AdwTabPage *selected = adw_tab_view_get_selected_page (self->tab_view);
  StudioTab *tab = g_new0 (StudioTab, 1);
  AdwTabPage *page;

  tab->document = g_object_ref (document);
  if (selected != NULL)
    page = adw_tab_view_add_page (self->tab_view, bin, selected);
  else
    page = adw_tab_view_append (self->tab_view, bin);
  g_object_set_data_full (G_OBJECT (page), "studio-tab", tab, (GDestroyNotify) studio_tab_free);

  g_signal_connect_object (document, "notify::title", G_CALLBACK (tab_update_title), page, G_CONNECT_SWAPPED);
  g_signal_connect_object (document, "notify::modified", G_CALLBACK (tab_update_title), page, G_CONNECT_SWAPPED);
  g_signal_connect_object (document, "notify::file", G_CALLBACK (tab_update_title), page, G_CONNECT_SWAPPED);
  tab_update_title (page);

  _studio_window_files_document_init (self, document);
  return page;
}

/* The selected tab's page gets the window's one set of widgets, and the
 * window its document. */
static void
selected_page_cb (StudioWindow *self)
{
  AdwTabPage *page = adw_tab_view_get_selected_page (self->tab_view);
  StudioTab *tab = tab_of_page (page);
  GtkWidget *bin;
  GtkWidget *parent;

  if (page == NULL || tab == NULL || self->tabs_disposed)
    return;

  /* The side pane's state of the tab left, kept with it. */
  if (self->shown_page != NULL && self->shown_page != page && tab_of_page (self->shown_page) != NULL)
    {
      StudioTab *left = tab_of_page (self->shown_page);

      g_free (left->view);
      left->view = g_strdup (_studio_window_views_get_shown (self));
      left->problem_shown = gtk_revealer_get_reveal_child (self->problem_revealer);
    }
  self->shown_page = page;

  bin = adw_tab_page_get_child (page);
  parent = gtk_widget_get_parent (self->content);
  if (parent != bin)
    {
      gboolean had_focus = gtk_widget_get_focus_child (GTK_WIDGET (self)) != NULL;

      if (parent != NULL)
        gtk_box_remove (GTK_BOX (parent), self->content);
      gtk_box_append (GTK_BOX (bin), self->content);
      if (had_focus && tab->game_page)
        gtk_widget_grab_focus (GTK_WIDGET (self->board_view));
    }

  self->binding_views = TRUE;
  _studio_window_bind_document (self, tab->document, tab->game_page);
  gtk_revealer_set_reveal_child (self->problem_revealer, tab->problem_shown);
  _studio_window_views_update (self);
  _studio_window_views_show (self, tab->view);
  self->binding_views = FALSE;
  _studio_window_problem_sync_bar (self);
}

/* A page goes (closed, or the window goes): the window's widgets stay with
 * the window. */
static void
page_detached_cb (StudioWindow *self,
                  AdwTabPage   *page,
                  int           position)
{
  GtkWidget *bin = adw_tab_page_get_child (page);
  StudioTab *tab = tab_of_page (page);

  if (gtk_widget_get_parent (self->content) == bin)
    gtk_box_remove (GTK_BOX (bin), self->content);
  if (self->shown_page == page)
    self->shown_page = NULL;
  if (tab != NULL && !self->tabs_disposed)
    {
      _studio_window_play_document_closed (self, tab->document);
      _studio_window_files_document_closed (self, tab->document);
    }
  _studio_window_tabs_update_actions (self);

  /* The last tab closed: the window goes with it. */
  if (!self->tabs_disposed && adw_tab_view_get_n_pages (self->tab_view) == 0)
    {
      self->close_confirmed = TRUE;
      gtk_window_close (GTK_WINDOW (self));
    }
}

/* Closing a tab with unsaved changes asks first (win.confirm-close, about
 * that tab); the page stays until the answer. */
static gboolean
close_page_cb (StudioWindow *self,
               AdwTabPage   *page)
{
  StudioTab *tab = tab_of_page (page);

  if (tab == NULL || !studio_document_get_modified (tab->document) || self->closing_page == page)
    {
      if (self->closing_page == page)
        self->closing_page = NULL;
      adw_tab_view_close_page_finish (self->tab_view, page, TRUE);
      return GDK_EVENT_STOP;
    }

  /* A tab in a mode (set-up, solving) is the current one. */
  if (adw_tab_view_get_selected_page (self->tab_view) != page)
    adw_tab_view_set_selected_page (self->tab_view, page);
  adw_tab_view_close_page_finish (self->tab_view, page, FALSE);
  self->closing_page = page;
  gtk_widget_activate_action (GTK_WIDGET (self), "win.confirm-close", NULL);
  return GDK_EVENT_STOP;
}

/**
 * _studio_window_close_asked_tab:
 * @self: a #StudioWindow
 * @confirmed: whether the user chose to close it (its unsaved changes
 *   saved or discarded)
 *
 * Closes the tab that win.confirm-close asked about (or the current one):
 * with @confirmed, at once; else it stays and the window stops closing.
 */
void
_studio_window_close_asked_tab (StudioWindow *self,
                                gboolean      confirmed)
{
  AdwTabPage *page = self->closing_page != NULL ? self->closing_page
                                                : adw_tab_view_get_selected_page (self->tab_view);

  if (!confirmed)
    {
      self->closing_page = NULL;
      self->closing_window = FALSE;
      return;
    }
  if (page == NULL)
    return;
  self->closing_page = page;
  adw_tab_view_close_page (self->tab_view, page);
  /* Closing the window: on to its next tab with unsaved changes. */
  if (self->closing_window && adw_tab_view_get_n_pages (self->tab_view) > 0)
    gtk_window_close (GTK_WINDOW (self));
}

/**
 * _studio_window_select_unsaved_tab:
 * @self: a #StudioWindow
 *
 * Selects the first tab with unsaved changes, the current one first.
 *
 * Returns: whether there is one
 */
gboolean
_studio_window_select_unsaved_tab (StudioWindow *self)
{
  guint n = adw_tab_view_get_n_pages (self->tab_view);

  if (studio_document_get_modified (self->document))
    return TRUE;
  for (guint i = 0; i < n; i++)
    {
      AdwTabPage *page = adw_tab_view_get_nth_page (self->tab_view, (int) i);

      if (studio_document_get_modified (tab_of_page (page)->document))
        {
          adw_tab_view_set_selected_page (self->tab_view, page);
          return TRUE;
        }
    }
  return FALSE;
}

/**
 * _studio_window_add_tab:
 * @self: a #StudioWindow
 * @game_page: whether the tab shows the game (else the start page)
 *
 * Opens a tab after the current one, holding a new game of the current
 * tab's variant (game text without a [Variant] tag is read as that
 * variant first), and selects it: the window's document is then the new
 * tab's.
 *
 * Returns: (transfer none): the new tab's document
 */
StudioDocument *
_studio_window_add_tab (StudioWindow *self,
                        gboolean      game_page)
{
  g_autoptr(StudioDocument) document = studio_document_new ();
  g_autoptr(CheopsGame) game = NULL;
  AdwTabPage *page;

  if (self->document != NULL)
    {
      game = studio_game_new_for_variant (studio_document_get_variant (self->document));
      studio_document_set_game (document, game);
    }
  page = studio_window_append_tab (self, document);
  tab_of_page (page)->game_page = game_page;
  tab_update_title (page);
  adw_tab_view_set_selected_page (self->tab_view, page);
  return document;
}

/**
 * _studio_window_tabs_set_game_page:
 * @self: a #StudioWindow
 * @document: the document of one of its tabs
 *
 * Records that @document's tab shows its game (it left the start page).
 */
void
_studio_window_tabs_set_game_page (StudioWindow   *self,
                                   StudioDocument *document)
{
  AdwTabPage *page;
  StudioTab *tab;

  if (self->tab_view == NULL)
    return;
  page = page_of_document (self, document);
  tab = tab_of_page (page);
  if (tab == NULL || tab->game_page)
    return;
  tab->game_page = TRUE;
  tab_update_title (page);
}

/**
 * _studio_window_select_document:
 * @self: a #StudioWindow
 * @document: the document of one of its tabs
 *
 * Selects @document's tab.
 */
void
_studio_window_select_document (StudioWindow   *self,
                                StudioDocument *document)
{
  AdwTabPage *page = page_of_document (self, document);

  if (page != NULL)
    adw_tab_view_set_selected_page (self->tab_view, page);
}

static gpointer
page_document (gpointer item,
               gpointer user_data)
{
  StudioTab *tab = tab_of_page (item);
  gpointer document = tab != NULL ? g_object_ref (tab->document) : NULL;

  g_object_unref (item);
  return document;
}

/**
 * _studio_window_dup_documents:
 * @self: a #StudioWindow
 *
 * The documents of @self's tabs in their order, as a live #GListModel
 * (it follows tabs opened, closed and moved): the open files, for the
 * game list and whatever lists their games (studio_game_rows_new()).
 *
 * Returns: (transfer full): a #GListModel of #StudioDocument
 */
GListModel *
_studio_window_dup_documents (StudioWindow *self)
{
  return G_LIST_MODEL (gtk_map_list_model_new (G_LIST_MODEL (adw_tab_view_get_pages (self->tab_view)),
                                               page_document, NULL, NULL));
}

/**
 * _studio_window_close_document_tab:
 * @self: a #StudioWindow
 * @document: the document of one of its tabs, with nothing unsaved
 *
 * Closes @document's tab (a tab opened for a file that could not be read).
 */
void
_studio_window_close_document_tab (StudioWindow   *self,
                                   StudioDocument *document)
{
  AdwTabPage *page = page_of_document (self, document);

  if (page != NULL)
    adw_tab_view_close_page (self->tab_view, page);
}

/**
 * _studio_window_tabs_update_actions:
 * @self: a #StudioWindow
 *
 * The tab actions and the tab bar: the tabs stay as they are while a
 * position is set up or problems are solved.
 */
void
_studio_window_tabs_update_actions (StudioWindow *self)
{
  gboolean free_to_switch = self->mode == STUDIO_WINDOW_MODE_GAME;
  gboolean several = adw_tab_view_get_n_pages (self->tab_view) > 1;

  gtk_widget_set_sensitive (GTK_WIDGET (self->tab_bar), free_to_switch);
  /* The keys stay on while tabs may not change: they say why instead of
   * doing nothing (issue 21: Ctrl+T was silent while setting up). */
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.next-tab", several);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.previous-tab", several);
}

/* Whether the tabs may change now; if not, a toast says what to finish
 * first (a set-up, solving). */
static gboolean
tabs_free_to_change (StudioWindow *self)
{
  if (self->mode == STUDIO_WINDOW_MODE_SETUP)
    _studio_window_toast (self, _("Tabs wait until the set-up is finished: Done, or Cancel (Escape)"));
  else if (self->mode == STUDIO_WINDOW_MODE_SOLVE)
    _studio_window_toast (self, _("Tabs wait until you stop solving (Escape)"));
  else
    return TRUE;
  return FALSE;
}

/**
 * studio_window_get_n_tabs:
 * @self: a #StudioWindow
 *
 * Returns: how many tabs the window has (at least one)
 */
guint
studio_window_get_n_tabs (StudioWindow *self)
{
  g_return_val_if_fail (STUDIO_IS_WINDOW (self), 0);

  return (guint) adw_tab_view_get_n_pages (self->tab_view);
}

/**
 * studio_window_get_tab_document:
 * @self: a #StudioWindow
 * @index: a tab, from 0 (leftmost) to studio_window_get_n_tabs() - 1
 *
 * Returns: (transfer none): the document of tab @index
 */
StudioDocument *
studio_window_get_tab_document (StudioWindow *self,
                                guint         index)
{
  g_return_val_if_fail (STUDIO_IS_WINDOW (self), NULL);
  g_return_val_if_fail (index < studio_window_get_n_tabs (self), NULL);

  return tab_of_page (adw_tab_view_get_nth_page (self->tab_view, (int) index))->document;
}

/**
 * studio_window_select_tab:
 * @self: a #StudioWindow
 * @index: a tab, as for studio_window_get_tab_document()
 *
 * Selects tab @index: the window shows its game.
 */
void
studio_window_select_tab (StudioWindow *self,
                          guint         index)
{
  g_return_if_fail (STUDIO_IS_WINDOW (self));
  g_return_if_fail (index < studio_window_get_n_tabs (self));

  adw_tab_view_set_selected_page (self->tab_view, adw_tab_view_get_nth_page (self->tab_view, (int) index));
}

/**
 * studio_window_get_tab_title:
 * @self: a #StudioWindow
 * @index: a tab, as for studio_window_get_tab_document()
 *
 * Returns: (transfer none): the title tab @index shows
 */
const char *
studio_window_get_tab_title (StudioWindow *self,
                             guint         index)
{
  g_return_val_if_fail (STUDIO_IS_WINDOW (self), NULL);
  g_return_val_if_fail (index < studio_window_get_n_tabs (self), NULL);

  return adw_tab_page_get_title (adw_tab_view_get_nth_page (self->tab_view, (int) index));
}

/* win.new-tab (Ctrl+T): a tab on the start page. */
static void
studio_window_tabs_new (GtkWidget  *widget,
                        const char *action_name,
                        GVariant   *param)
{
  StudioWindow *self = STUDIO_WINDOW (widget);

  if (!tabs_free_to_change (self))
    return;

  _studio_window_add_tab (self, FALSE);
  gtk_widget_grab_focus (GTK_WIDGET (self->tab_view));
}

/* win.close-tab (Ctrl+W): asks first when it has unsaved changes. */
static void
studio_window_tabs_close (GtkWidget  *widget,
                          const char *action_name,
                          GVariant   *param)
{
  StudioWindow *self = STUDIO_WINDOW (widget);
  AdwTabPage *page = adw_tab_view_get_selected_page (self->tab_view);

  if (!tabs_free_to_change (self))
    return;

  if (page != NULL)
    adw_tab_view_close_page (self->tab_view, page);
}

/* win.next-tab, win.previous-tab (Ctrl+Page Down/Up). */
static void
studio_window_tabs_switch (GtkWidget  *widget,
                           const char *action_name,
                           GVariant   *param)
{
  StudioWindow *self = STUDIO_WINDOW (widget);
  int n = adw_tab_view_get_n_pages (self->tab_view);
  int i = adw_tab_view_get_page_position (self->tab_view, adw_tab_view_get_selected_page (self->tab_view));

  if (!tabs_free_to_change (self))
    return;

  i += g_str_equal (action_name, "win.next-tab") ? 1 : n - 1;
  adw_tab_view_set_selected_page (self->tab_view, adw_tab_view_get_nth_page (self->tab_view, i % n));
}

void
_studio_window_class_tabs_init (StudioWindowClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  gtk_widget_class_install_action (widget_class, "win.new-tab", NULL, studio_window_tabs_new);
  gtk_widget_class_install_action (widget_class, "win.close-tab", NULL, studio_window_tabs_close);
  gtk_widget_class_install_action (widget_class, "win.next-tab", NULL, studio_window_tabs_switch);
  gtk_widget_class_install_action (widget_class, "win.previous-tab", NULL, studio_window_tabs_switch);
}

/**
 * _studio_window_tabs_init:
 * @self: a #StudioWindow, its template built
 *
 * Puts the tab bar under the header bar and the tab view where the
 * window's content was, with one tab: @document, on the start page.
 */
void
_studio_window_tabs_init (StudioWindow   *self,
                          StudioDocument *document)
{
  GtkWidget *box = gtk_widget_get_parent (GTK_WIDGET (self->stack));
  AdwTabPage *page;

  self->content = g_object_ref (GTK_WIDGET (self->stack));
  gtk_box_remove (GTK_BOX (box), self->content);
  gtk_widget_set_vexpand (self->content, TRUE);

  self->tab_view = ADW_TAB_VIEW (adw_tab_view_new ());
  gtk_widget_set_vexpand (GTK_WIDGET (self->tab_view), TRUE);
  /* The window's actions have the keys (Ctrl+Page Up/Down were the tab
   * view's; Ctrl+Home/End and Alt+digits stay the studio's). */
  adw_tab_view_set_shortcuts (self->tab_view, ADW_TAB_VIEW_SHORTCUT_NONE);
  self->tab_bar = ADW_TAB_BAR (adw_tab_bar_new ());
  adw_tab_bar_set_view (self->tab_bar, self->tab_view);
  adw_tab_bar_set_autohide (self->tab_bar, TRUE);

  /* Under the header bar, over the banners. */
  gtk_widget_insert_after (GTK_WIDGET (self->tab_bar), box, gtk_widget_get_first_child (box));
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->tab_view));

  g_signal_connect_object (self->tab_view, "notify::selected-page", G_CALLBACK (selected_page_cb),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->tab_view, "page-detached", G_CALLBACK (page_detached_cb),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->tab_view, "close-page", G_CALLBACK (close_page_cb),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->tab_view, "notify::n-pages", G_CALLBACK (_studio_window_tabs_update_actions),
                           self, G_CONNECT_SWAPPED);

  page = studio_window_append_tab (self, document);
  adw_tab_view_set_selected_page (self->tab_view, page);
  selected_page_cb (self);
}

/**
 * _studio_window_tabs_dispose:
 * @self: a #StudioWindow going
 *
 * Lets the tabs go without rebinding the window to each.
 */
void
_studio_window_tabs_dispose (StudioWindow *self)
{
  /* A window that goes holds nothing the user kept (closing asked). */
  if (self->tab_view != NULL && !self->tabs_disposed)
    for (int i = 0; i < adw_tab_view_get_n_pages (self->tab_view); i++)
      _studio_window_files_document_closed (self, tab_of_page (adw_tab_view_get_nth_page (self->tab_view, i))->document);
  self->tabs_disposed = TRUE;
  if (self->tab_view != NULL)
    g_signal_handlers_disconnect_by_data (self->tab_view, self);
}
