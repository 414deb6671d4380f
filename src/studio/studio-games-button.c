/* studio-games-button.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * StudioGamesButton: the way to the other games of a file that holds more
 * than one (as the game lists of ChessBase, En Croissant or a Lichess
 * study).  A flat button over the moves says "Game 2 of 3"; it opens a
 * popover with a search entry and the list of the file's games: number,
 * event (or the players), players and date, result, and the first error of
 * a game that could not be read whole; when something else tells the
 * games apart (a problem's stipulation: studio-game-distinction.c), that
 * first.  Activating a row shows that game
 * (studio_document_show_game()).  The button hides itself when the file
 * holds a single game.
 *
 * The list is a GtkListView over the document itself (a GListModel of its
 * CheopsGames) through a GtkFilterListModel for the search: rows are
 * widgets made only for what is on screen and recycled while scrolling,
 * so a file of thousands of games costs a few dozen rows.  A game's number
 * comes from a table game → position, made again when the games change.
 */
#define G_LOG_DOMAIN "studio-games-button"

#include "studio-config.h"

#include <glib/gi18n.h>

#include "cheops-problem.h"
#include "studio-game-distinction.h"
#include "studio-games-button.h"

struct _StudioGamesButton
{
  GtkWidget           parent_instance;

  /* Template widgets. */
  GtkMenuButton      *menu_button;
  GtkPopover         *popover;
  GtkSearchEntry     *search_entry;
  GtkStack           *list_stack;
  GtkListView        *list_view;
  GtkLabel           *count_label;

  /* Owned. */
  StudioDocument     *document;
  GtkFilterListModel *filter_model;
  GtkSingleSelection *selection;
  GtkCustomFilter    *filter;
  GHashTable         *positions;   /* CheopsGame → its position + 1 */
  char               *query;       /* the search, or NULL */
  /* The tag that tells the file's games apart (interned), found when a
   * row first needs it after the games changed. */
  const char         *distinguishing_tag;
  gboolean            distinguishing_known;
};

enum {
  PROP_0,
  PROP_DOCUMENT,
  N_PROPS
};

G_DEFINE_FINAL_TYPE (StudioGamesButton, studio_games_button, GTK_TYPE_WIDGET)

static GParamSpec *properties [N_PROPS];

static const char *
known_tag (CheopsGame *game,
           const char *name)
{
  const char *value = cheops_game_get_tag (game, name);

  /* "?" is the game-file format's unknown value. */
  return value != NULL && value[0] != '\0' && g_strcmp0 (value, "?") != 0 ? value : NULL;
}

/* The position of @game in the document's list, from 0. */
static guint
studio_games_button_index_of (StudioGamesButton *self,
                              CheopsGame        *game)
{
  if (self->positions == NULL)
    {
      guint n = g_list_model_get_n_items (G_LIST_MODEL (self->document));

      self->positions = g_hash_table_new (NULL, NULL);
      for (guint i = 0; i < n; i++)
        g_hash_table_insert (self->positions,
                             studio_document_get_game_at (self->document, i), GUINT_TO_POINTER (i + 1));
    }

  return GPOINTER_TO_UINT (g_hash_table_lookup (self->positions, game)) - 1;
}

/**
 * studio_games_button_game_matches:
 * @game: a game
 * @index: its position in the file, from 0
 * @query: (nullable): what the user typed in the search
 *
 * Whether @game is listed for @query: every word of @query (compared
 * without case) is in one of its Event, Site, Date, Round, Green, Orange
 * and Result tags, or a problem's Stipulation, Author and Source (what
 * its row shows: studio-game-distinction.c); or @query is the game's number (@index + 1).  An empty
 * query lists every game.
 *
 * Returns: %TRUE if @game matches
 */
gboolean
studio_games_button_game_matches (CheopsGame *game,
                                  guint       index,
                                  const char *query)
{
  const CheopsVariant *variant = cheops_game_get_start_position (game)->variant;
  const char *const names[] = { "Event", "Site", "Date", "Round", variant->sides[0].tag, variant->sides[1].tag,
                                "Result", CHEOPS_PROBLEM_TAG_STIPULATION, "Author", "Source" };
  g_autoptr(GString) text = NULL;
  g_autofree char *folded_text = NULL;
  g_autofree char *folded_query = NULL;
  g_auto(GStrv) words = NULL;
  guint64 number;

  g_return_val_if_fail (CHEOPS_IS_GAME (game), FALSE);

  if (query == NULL)
    return TRUE;

  folded_query = g_utf8_casefold (query, -1);
  g_strstrip (folded_query);
  if (folded_query[0] == '\0')
    return TRUE;

  if (g_ascii_string_to_unsigned (folded_query, 10, 1, G_MAXUINT, &number, NULL) && number == index + 1)
    return TRUE;

  text = g_string_new (NULL);
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      const char *value = cheops_game_get_tag (game, names[i]);

      if (value != NULL)
        g_string_append_printf (text, "%s\n", value);
    }
  folded_text = g_utf8_casefold (text->str, text->len);

  words = g_strsplit_set (folded_query, " \t", -1);
  for (guint i = 0; words[i] != NULL; i++)
    if (words[i][0] != '\0' && strstr (folded_text, words[i]) == NULL)
      return FALSE;

  return TRUE;
}

static gboolean
studio_games_button_filter_func (gpointer item,
                                 gpointer user_data)
{
  StudioGamesButton *self = user_data;
  CheopsGame *game = item;

  return studio_games_button_game_matches (game, studio_games_button_index_of (self, game), self->query);
}

/* "Game 2 of 3" on the button; hidden for a single game. */
static void
studio_games_button_update (StudioGamesButton *self)
{
  g_autofree char *label = studio_games_button_dup_label (self);
  guint n = self->document != NULL ? studio_document_get_n_games (self->document) : 0;

  gtk_menu_button_set_label (self->menu_button, label);
  gtk_widget_set_visible (GTK_WIDGET (self), n > 1);
  if (n <= 1)
    gtk_popover_popdown (self->popover);
}

/* "12 of 2000 games" under the list, or "2000 games" when all are shown. */
static void
studio_games_button_update_count (StudioGamesButton *self)
{
  guint n = self->document != NULL ? studio_document_get_n_games (self->document) : 0;
  guint shown = g_list_model_get_n_items (G_LIST_MODEL (self->filter_model));
  g_autofree char *text = NULL;

  if (shown == n)
    text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u game", "%u games", n), n);
  else
    /* Translators: how many games the search left, of how many */
    text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u of %u game", "%u of %u games", n), shown, n);
  gtk_label_set_label (self->count_label, text);
  gtk_stack_set_visible_child_name (self->list_stack, shown > 0 ? "list" : "empty");
}

static void
document_items_changed_cb (StudioGamesButton *self,
                           guint              position,
                           guint              removed,
                           guint              added,
                           GListModel        *model)
{
  self->distinguishing_known = FALSE;
  /* Games added at the end (a big file being read) extend the table. */
  if (self->positions != NULL && removed == 0 && position == g_hash_table_size (self->positions))
    {
      for (guint i = position; i < position + added; i++)
        g_hash_table_insert (self->positions,
                             studio_document_get_game_at (self->document, i), GUINT_TO_POINTER (i + 1));
    }
  /* One game changed in place (its tags) keeps its number; anything else
   * makes the table again. */
  else if (self->positions != NULL &&
      (removed != 1 || added != 1 ||
       GPOINTER_TO_UINT (g_hash_table_lookup (self->positions,
                                              studio_document_get_game_at (self->document, position))) != position + 1))
    g_clear_pointer (&self->positions, g_hash_table_unref);
  studio_games_button_update (self);
  studio_games_button_update_count (self);
}

static void
filter_items_changed_cb (StudioGamesButton *self)
{
  studio_games_button_update_count (self);
}

/* Selects the game shown (if the search lists it) and scrolls to it. */
static void
studio_games_button_select_shown (StudioGamesButton *self)
{
  guint index = studio_document_get_game_index (self->document);
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->filter_model));

  for (guint i = 0; i < n; i++)
    {
      g_autoptr(CheopsGame) game = g_list_model_get_item (G_LIST_MODEL (self->filter_model), i);

      if (studio_games_button_index_of (self, game) == index)
        {
          gtk_single_selection_set_selected (self->selection, i);
          gtk_widget_activate_action (GTK_WIDGET (self->list_view), "list.scroll-to-item", "u", i);
          return;
        }
    }
}

static void
popover_show_cb (StudioGamesButton *self)
{
  /* A fresh search each time, from the game shown. */
  gtk_editable_set_text (GTK_EDITABLE (self->search_entry), "");
  studio_games_button_select_shown (self);
  gtk_widget_grab_focus (GTK_WIDGET (self->search_entry));
  /* The button's tooltip would cover the search. */
  gtk_widget_set_has_tooltip (GTK_WIDGET (self->menu_button), FALSE);
}

static void
popover_closed_cb (StudioGamesButton *self)
{
  gtk_widget_set_has_tooltip (GTK_WIDGET (self->menu_button), TRUE);
}

static void
search_changed_cb (StudioGamesButton *self)
{
  const char *text = gtk_editable_get_text (GTK_EDITABLE (self->search_entry));

  g_free (self->query);
  self->query = g_strdup (text);
  gtk_filter_changed (GTK_FILTER (self->filter), GTK_FILTER_CHANGE_DIFFERENT);
  if (text[0] == '\0')
    studio_games_button_select_shown (self);
  else if (g_list_model_get_n_items (G_LIST_MODEL (self->filter_model)) > 0)
    {
      gtk_single_selection_set_selected (self->selection, 0);
      gtk_widget_activate_action (GTK_WIDGET (self->list_view), "list.scroll-to-item", "u", 0);
    }
}

/* Shows the game at @position of the (searched) list and closes. */
static void
studio_games_button_choose (StudioGamesButton *self,
                            guint              position)
{
  g_autoptr(CheopsGame) game = g_list_model_get_item (G_LIST_MODEL (self->filter_model), position);

  if (game == NULL)
    return;

  gtk_popover_popdown (self->popover);
  studio_document_show_game (self->document, studio_games_button_index_of (self, game));
}

static void
list_activate_cb (StudioGamesButton *self,
                  guint              position)
{
  studio_games_button_choose (self, position);
}

static void
search_activate_cb (StudioGamesButton *self)
{
  guint selected = gtk_single_selection_get_selected (self->selection);

  if (selected != GTK_INVALID_LIST_POSITION)
    studio_games_button_choose (self, selected);
}

static void
search_stop_cb (StudioGamesButton *self)
{
  gtk_popover_popdown (self->popover);
}

/* Up and Down in the search move through the list, Enter takes the game:
 * the keyboard stays in the search. */
static gboolean
search_key_pressed_cb (StudioGamesButton     *self,
                       guint                  keyval,
                       guint                  keycode,
                       GdkModifierType        state,
                       GtkEventControllerKey *controller)
{
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->filter_model));
  guint selected = gtk_single_selection_get_selected (self->selection);
  int step;

  switch (keyval)
    {
    case GDK_KEY_Up: case GDK_KEY_KP_Up: step = -1; break;
    case GDK_KEY_Down: case GDK_KEY_KP_Down: step = 1; break;
    case GDK_KEY_Page_Up: case GDK_KEY_KP_Page_Up: step = -10; break;
    case GDK_KEY_Page_Down: case GDK_KEY_KP_Page_Down: step = 10; break;
    default: return FALSE;
    }
  if (n == 0 || (state & (GDK_CONTROL_MASK | GDK_ALT_MASK)) != 0)
    return FALSE;

  if (selected == GTK_INVALID_LIST_POSITION)
    selected = 0;
  else
    selected = (guint) CLAMP ((int) selected + step, 0, (int) n - 1);
  gtk_single_selection_set_selected (self->selection, selected);
  gtk_widget_activate_action (GTK_WIDGET (self->list_view), "list.scroll-to-item", "u", selected);

  return TRUE;
}

static void
row_setup_cb (GtkSignalListItemFactory *factory,
              GtkListItem              *item,
              StudioGamesButton        *self)
{
  GtkWidget *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 10);
  GtkWidget *texts = gtk_box_new (GTK_ORIENTATION_VERTICAL, 1);
  GtkWidget *number = gtk_label_new (NULL);
  GtkWidget *title = gtk_label_new (NULL);
  GtkWidget *subtitle = gtk_label_new (NULL);
  GtkWidget *error = gtk_label_new (NULL);
  GtkWidget *result = gtk_label_new (NULL);

  gtk_widget_add_css_class (row, "games-row");
  gtk_label_set_xalign (GTK_LABEL (number), 1);
  gtk_widget_set_valign (number, GTK_ALIGN_START);
  gtk_widget_add_css_class (number, "numeric");
  gtk_widget_add_css_class (number, "dim-label");
  gtk_widget_set_hexpand (texts, TRUE);
  gtk_label_set_xalign (GTK_LABEL (title), 0);
  gtk_label_set_ellipsize (GTK_LABEL (title), PANGO_ELLIPSIZE_END);
  gtk_label_set_xalign (GTK_LABEL (subtitle), 0);
  gtk_label_set_ellipsize (GTK_LABEL (subtitle), PANGO_ELLIPSIZE_END);
  gtk_widget_add_css_class (subtitle, "caption");
  gtk_widget_add_css_class (subtitle, "dim-label");
  gtk_label_set_xalign (GTK_LABEL (error), 0);
  gtk_label_set_ellipsize (GTK_LABEL (error), PANGO_ELLIPSIZE_END);
  gtk_widget_add_css_class (error, "caption");
  gtk_widget_add_css_class (error, "error");
  /* Shown when bound to a game that has them. */
  gtk_widget_set_visible (subtitle, FALSE);
  gtk_widget_set_visible (error, FALSE);
  gtk_widget_set_valign (result, GTK_ALIGN_START);
  gtk_widget_add_css_class (result, "numeric");

  gtk_box_append (GTK_BOX (texts), title);
  gtk_box_append (GTK_BOX (texts), subtitle);
  gtk_box_append (GTK_BOX (texts), error);
  gtk_box_append (GTK_BOX (row), number);
  gtk_box_append (GTK_BOX (row), texts);
  gtk_box_append (GTK_BOX (row), result);

  g_object_set_data (G_OBJECT (row), "number", number);
  g_object_set_data (G_OBJECT (row), "title", title);
  g_object_set_data (G_OBJECT (row), "subtitle", subtitle);
  g_object_set_data (G_OBJECT (row), "error", error);
  g_object_set_data (G_OBJECT (row), "result", result);
  gtk_list_item_set_child (item, row);
}

/* A row: "12", the event (else the players, else "Game 12"), the players
 * and the date under it, the first error if any, and the result.  When
 * something else tells the game apart (a problem's stipulation, or the
 * tag that differs in a file whose games share their event and players:
 * studio-game-distinction.c), that is the title, the event under it. */
static void
row_bind_cb (GtkSignalListItemFactory *factory,
             GtkListItem              *item,
             StudioGamesButton        *self)
{
  CheopsGame *game = gtk_list_item_get_item (item);
  GtkWidget *row = gtk_list_item_get_child (item);
  guint index = studio_games_button_index_of (self, game);
  guint n = studio_document_get_n_games (self->document);
  const char *event = known_tag (game, "Event");
  const CheopsVariant *variant = cheops_game_get_start_position (game)->variant;
  const char *green = known_tag (game, variant->sides[0].tag);
  const char *orange = known_tag (game, variant->sides[1].tag);
  const char *date = known_tag (game, "Date");
  const char *result = cheops_game_get_result (game);
  const char *error = studio_document_get_game_error (self->document, index);
  g_autofree char *number = g_strdup_printf ("%u", index + 1);
  g_autofree char *players = NULL;
  g_autofree char *title = NULL;
  g_autofree char *distinction = NULL;
  g_autoptr(GString) subtitle = g_string_new (NULL);
  GtkLabel *error_label = g_object_get_data (G_OBJECT (row), "error");
  GtkLabel *number_label = g_object_get_data (G_OBJECT (row), "number");

  if (green != NULL || orange != NULL)
    /* Translators: a game's players, Green first */
    players = g_strdup_printf (_("%s – %s"), green != NULL ? green : "?", orange != NULL ? orange : "?");

  if (!self->distinguishing_known)
    {
      self->distinguishing_tag = studio_games_find_distinguishing_tag (G_LIST_MODEL (self->document));
      self->distinguishing_known = TRUE;
    }
  distinction = studio_game_dup_distinction (game, self->distinguishing_tag);

  if (distinction != NULL)
    {
      title = g_steal_pointer (&distinction);
      if (event != NULL)
        g_string_append (subtitle, event);
    }
  else if (event != NULL)
    title = g_strdup (event);
  else if (players != NULL)
    title = g_strdup (players);
  else
    /* Translators: the title of a game without event or players */
    title = g_strdup_printf (_("Game %u"), index + 1);

  if (players != NULL && g_strcmp0 (title, players) != 0)
    g_string_append_printf (subtitle, "%s%s", subtitle->len > 0 ? " · " : "", players);
  if (date != NULL && !g_str_has_prefix (date, "????"))
    g_string_append_printf (subtitle, "%s%s", subtitle->len > 0 ? " · " : "", date);

  /* As wide as the largest number, so that the titles line up. */
  gtk_label_set_width_chars (number_label, snprintf (NULL, 0, "%u", n));
  gtk_label_set_label (number_label, number);
  gtk_label_set_label (g_object_get_data (G_OBJECT (row), "title"), title);
  gtk_label_set_label (g_object_get_data (G_OBJECT (row), "subtitle"), subtitle->str);
  gtk_widget_set_visible (g_object_get_data (G_OBJECT (row), "subtitle"), subtitle->len > 0);
  gtk_label_set_label (g_object_get_data (G_OBJECT (row), "result"),
                       result != NULL && g_strcmp0 (result, "*") != 0 ? result : "");

  if (error != NULL)
    {
      /* Translators: %s is "LINE:COLUMN: what is wrong" */
      g_autofree char *text = g_strdup_printf (_("Line %s"), error);

      gtk_label_set_label (error_label, text);
      gtk_widget_set_tooltip_text (GTK_WIDGET (error_label), text);
    }
  else
    {
      gtk_label_set_label (error_label, NULL);
      gtk_widget_set_tooltip_text (GTK_WIDGET (error_label), NULL);
    }
  gtk_widget_set_visible (GTK_WIDGET (error_label), error != NULL);
}

static void
studio_games_button_dispose (GObject *object)
{
  StudioGamesButton *self = (StudioGamesButton *)object;

  if (self->document != NULL)
    g_signal_handlers_disconnect_by_data (self->document, self);
  gtk_list_view_set_model (self->list_view, NULL);

  gtk_widget_dispose_template (GTK_WIDGET (self), STUDIO_TYPE_GAMES_BUTTON);

  g_clear_object (&self->selection);
  g_clear_object (&self->filter_model);
  g_clear_object (&self->filter);
  g_clear_object (&self->document);
  g_clear_pointer (&self->positions, g_hash_table_unref);
  g_clear_pointer (&self->query, g_free);

  G_OBJECT_CLASS (studio_games_button_parent_class)->dispose (object);
}

static void
studio_games_button_get_property (GObject    *object,
                                  guint       prop_id,
                                  GValue     *value,
                                  GParamSpec *pspec)
{
  StudioGamesButton *self = STUDIO_GAMES_BUTTON (object);

  switch (prop_id)
    {
    case PROP_DOCUMENT:
      g_value_set_object (value, self->document);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
studio_games_button_set_property (GObject      *object,
                                  guint         prop_id,
                                  const GValue *value,
                                  GParamSpec   *pspec)
{
  StudioGamesButton *self = STUDIO_GAMES_BUTTON (object);

  switch (prop_id)
    {
    case PROP_DOCUMENT:
      studio_games_button_set_document (self, g_value_get_object (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
studio_games_button_class_init (StudioGamesButtonClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = studio_games_button_dispose;
  object_class->get_property = studio_games_button_get_property;
  object_class->set_property = studio_games_button_set_property;

  properties [PROP_DOCUMENT] =
    g_param_spec_object ("document", NULL, NULL, STUDIO_TYPE_DOCUMENT,
                         (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "gamesbutton");

  gtk_widget_class_set_template_from_resource (widget_class, "/org/cheops/Studio/studio-games-button.ui");
  gtk_widget_class_bind_template_child (widget_class, StudioGamesButton, menu_button);
  gtk_widget_class_bind_template_child (widget_class, StudioGamesButton, popover);
  gtk_widget_class_bind_template_child (widget_class, StudioGamesButton, search_entry);
  gtk_widget_class_bind_template_child (widget_class, StudioGamesButton, list_stack);
  gtk_widget_class_bind_template_child (widget_class, StudioGamesButton, list_view);
  gtk_widget_class_bind_template_child (widget_class, StudioGamesButton, count_label);
  gtk_widget_class_bind_template_callback (widget_class, popover_show_cb);
  gtk_widget_class_bind_template_callback (widget_class, popover_closed_cb);
  gtk_widget_class_bind_template_callback (widget_class, search_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, search_activate_cb);
  gtk_widget_class_bind_template_callback (widget_class, search_stop_cb);
  gtk_widget_class_bind_template_callback (widget_class, list_activate_cb);
}

static void
studio_games_button_init (StudioGamesButton *self)
{
  GtkListItemFactory *factory;
  GtkEventController *controller;

  gtk_widget_init_template (GTK_WIDGET (self));

  self->filter = gtk_custom_filter_new (studio_games_button_filter_func, self, NULL);
  self->filter_model = gtk_filter_list_model_new (NULL, g_object_ref (GTK_FILTER (self->filter)));
  self->selection = gtk_single_selection_new (g_object_ref (G_LIST_MODEL (self->filter_model)));
  gtk_single_selection_set_autoselect (self->selection, FALSE);
  gtk_single_selection_set_can_unselect (self->selection, TRUE);
  g_signal_connect_object (self->filter_model, "items-changed",
                           G_CALLBACK (filter_items_changed_cb), self, G_CONNECT_SWAPPED);

  factory = gtk_signal_list_item_factory_new ();
  g_signal_connect (factory, "setup", G_CALLBACK (row_setup_cb), self);
  g_signal_connect (factory, "bind", G_CALLBACK (row_bind_cb), self);
  gtk_list_view_set_factory (self->list_view, factory);
  g_object_unref (factory);
  gtk_list_view_set_model (self->list_view, GTK_SELECTION_MODEL (self->selection));

  controller = gtk_event_controller_key_new ();
  g_signal_connect_object (controller, "key-pressed", G_CALLBACK (search_key_pressed_cb), self, G_CONNECT_SWAPPED);
  gtk_widget_add_controller (GTK_WIDGET (self->search_entry), controller);

  gtk_widget_set_visible (GTK_WIDGET (self), FALSE);
}

/**
 * studio_games_button_new:
 *
 * Returns: (transfer floating): a new games button, hidden until it has a
 *   document of several games
 */
GtkWidget *
studio_games_button_new (void)
{
  return g_object_new (STUDIO_TYPE_GAMES_BUTTON, NULL);
}

/**
 * studio_games_button_get_document:
 * @self: a #StudioGamesButton
 *
 * Returns: (transfer none) (nullable): the document whose games are listed
 */
StudioDocument *
studio_games_button_get_document (StudioGamesButton *self)
{
  g_return_val_if_fail (STUDIO_IS_GAMES_BUTTON (self), NULL);

  return self->document;
}

/**
 * studio_games_button_set_document:
 * @self: a #StudioGamesButton
 * @document: (nullable): the document whose games to list
 *
 * Lists the games of @document; the button follows the game shown and is
 * visible while @document holds more than one game.
 */
void
studio_games_button_set_document (StudioGamesButton *self,
                                  StudioDocument    *document)
{
  g_return_if_fail (STUDIO_IS_GAMES_BUTTON (self));
  g_return_if_fail (document == NULL || STUDIO_IS_DOCUMENT (document));

  if (self->document == document)
    return;

  if (self->document != NULL)
    g_signal_handlers_disconnect_by_data (self->document, self);
  g_clear_pointer (&self->positions, g_hash_table_unref);
  self->distinguishing_known = FALSE;
  g_set_object (&self->document, document);

  /* Connected before the filter model is, so that the table of numbers is
   * made again before the filter reads it. */
  if (document != NULL)
    {
      g_signal_connect_object (document, "items-changed",
                               G_CALLBACK (document_items_changed_cb), self, G_CONNECT_SWAPPED);
      g_signal_connect_object (document, "notify::game-index",
                               G_CALLBACK (studio_games_button_update), self, G_CONNECT_SWAPPED);
    }
  gtk_filter_list_model_set_model (self->filter_model, G_LIST_MODEL (document));

  studio_games_button_update (self);
  studio_games_button_update_count (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties [PROP_DOCUMENT]);
}

/**
 * studio_games_button_dup_label:
 * @self: a #StudioGamesButton
 *
 * Returns: (transfer full): the button's text, "Game 2 of 3" (empty
 *   without a document)
 */
char *
studio_games_button_dup_label (StudioGamesButton *self)
{
  g_return_val_if_fail (STUDIO_IS_GAMES_BUTTON (self), NULL);

  if (self->document == NULL)
    return g_strdup ("");

  /* Translators: the game shown, among the games of the file */
  return g_strdup_printf (_("Game %u of %u"),
                          studio_document_get_game_index (self->document) + 1,
                          studio_document_get_n_games (self->document));
}

/**
 * studio_games_button_popup:
 * @self: a #StudioGamesButton
 *
 * Opens the list of games, the game shown selected, the search empty.
 */
void
studio_games_button_popup (StudioGamesButton *self)
{
  g_return_if_fail (STUDIO_IS_GAMES_BUTTON (self));

  gtk_menu_button_popup (self->menu_button);
}

/**
 * studio_games_button_popdown:
 * @self: a #StudioGamesButton
 *
 * Closes the list of games.
 */
void
studio_games_button_popdown (StudioGamesButton *self)
{
  g_return_if_fail (STUDIO_IS_GAMES_BUTTON (self));

  gtk_popover_popdown (self->popover);
}

/**
 * studio_games_button_get_popover:
 * @self: a #StudioGamesButton
 *
 * Returns: (transfer none): the popover of the list (for tests)
 */
GtkPopover *
studio_games_button_get_popover (StudioGamesButton *self)
{
  g_return_val_if_fail (STUDIO_IS_GAMES_BUTTON (self), NULL);

  return self->popover;
}

/**
 * studio_games_button_get_search_entry:
 * @self: a #StudioGamesButton
 *
 * Returns: (transfer none): the search entry of the list (for tests)
 */
GtkEditable *
studio_games_button_get_search_entry (StudioGamesButton *self)
{
  g_return_val_if_fail (STUDIO_IS_GAMES_BUTTON (self), NULL);

  return GTK_EDITABLE (self->search_entry);
}

/**
 * studio_games_button_get_list_view:
 * @self: a #StudioGamesButton
 *
 * Returns: (transfer none): the list of games (for tests)
 */
GtkListView *
studio_games_button_get_list_view (StudioGamesButton *self)
{
  g_return_val_if_fail (STUDIO_IS_GAMES_BUTTON (self), NULL);

  return self->list_view;
}

/**
 * studio_games_button_get_model:
 * @self: a #StudioGamesButton
 *
 * Returns: (transfer none): the games the search lists (CheopsGame), in
 *   the order of the file, as a #GtkSingleSelection
 */
GListModel *
studio_games_button_get_model (StudioGamesButton *self)
{
  g_return_val_if_fail (STUDIO_IS_GAMES_BUTTON (self), NULL);

  return G_LIST_MODEL (self->selection);
}
