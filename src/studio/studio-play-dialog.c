/* studio-play-dialog.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * StudioPlayDialog: Play Against the Engine… (issue 22) — a message dialog
 * whose rows choose where the game starts (this position, a new game),
 * the side the user plays (the variant's colour names, or neither:
 * engine against engine), the engine's side's engine (studio_play_dialog_set_engines():
 * the bundled one, one chosen in Preferences), its level (named by what it
 * means for that engine: studio_play_level_name()) and the clock.  With
 * "Neither" each side gets two rows instead of the level's: its engine and
 * its level, named by that engine's `Skill Level`.
 */
#define G_LOG_DOMAIN "studio-play-dialog"

#include "studio-config.h"

#include <glib/gi18n.h>

#include "studio-play.h"
#include "studio-play-dialog.h"

const int studio_play_time_controls[STUDIO_PLAY_N_TIME_CONTROLS][2] = {
  { 0, 0 }, { 60, 0 }, { 180, 2 }, { 300, 3 }, { 600, 5 }, { 900, 10 }, { 1800, 0 },
};

struct _StudioPlayDialog
{
  AdwMessageDialog  parent_instance;

  StudioEngine     *engine;   /* owned */
  StudioPlaySettings settings; /* the first shown */
  AdwComboRow      *start_row;
  AdwComboRow      *side_row;
  AdwComboRow      *level_row;
  AdwComboRow      *clock_row;
  GtkStringList    *levels;
  /* Engine against engine, by side. */
  AdwComboRow      *engine_row[CHEOPS_SIDE_NB];
  AdwComboRow      *side_level_row[CHEOPS_SIDE_NB];
  GtkStringList    *engine_names;
  GtkStringList    *side_levels[CHEOPS_SIDE_NB];
  GPtrArray        *engines;  /* StudioEngine, owned: by engine_names' index */
  /* Engine against engine's levels follow the level against the user
   * until the user chooses one (see show_rows()): whether they still do,
   * and the selection each row was last given. */
  gboolean          side_levels_follow;
  guint             side_levels_given[CHEOPS_SIDE_NB];
  GtkWidget        *list;     /* the rows' list box */
  GtkWidget        *scrolled; /* its scrolled window */
};

G_DEFINE_FINAL_TYPE (StudioPlayDialog, studio_play_dialog, ADW_TYPE_MESSAGE_DIALOG)

/* The engine's `Skill Level` maximum, 0 when it has none (or before its
 * handshake). */
static int
engine_skill_max (StudioEngine *engine)
{
  const CheopsUciOption *option = studio_engine_lookup_option (engine, "Skill Level");

  return option != NULL && option->type == CHEOPS_UCI_OPTION_SPIN && option->max > option->min ? (int) option->max : 0;
}

/* @list's names: the levels of @engine, the selection kept. */
static void
name_levels_of (GtkStringList *list,
                AdwComboRow   *row,
                StudioEngine  *engine)
{
  int skill_max = engine_skill_max (engine);
  guint n = g_list_model_get_n_items (G_LIST_MODEL (list));
  guint selected = adw_combo_row_get_selected (row);
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);

  for (guint level = 1; level <= STUDIO_PLAY_N_LEVELS; level++)
    g_ptr_array_add (names, studio_play_level_name (level, skill_max));
  g_ptr_array_add (names, NULL);
  gtk_string_list_splice (list, 0, n, (const char *const *) names->pdata);
  if (selected != GTK_INVALID_LIST_POSITION)
    adw_combo_row_set_selected (row, selected);
}

/* The side the engine plays against the user (the side not chosen in
 * "You play"). */
static int
opponent_side (StudioPlayDialog *self)
{
  return adw_combo_row_get_selected (self->side_row) == CHEOPS_SIDE_B ? CHEOPS_SIDE_A : CHEOPS_SIDE_B;
}

static void
name_levels (StudioPlayDialog *self)
{
  guint opponent = self->engines != NULL ? adw_combo_row_get_selected (self->engine_row[opponent_side (self)])
                                         : GTK_INVALID_LIST_POSITION;

  /* The user's opponent's levels: of the engine chosen for its side. */
  name_levels_of (self->levels, self->level_row,
                  self->engines != NULL && opponent < self->engines->len ? g_ptr_array_index (self->engines, opponent) : self->engine);
  if (self->engines == NULL)
    return;
  for (int side = 0; side < CHEOPS_SIDE_NB; side++)
    {
      guint chosen = adw_combo_row_get_selected (self->engine_row[side]);

      if (chosen < self->engines->len)
        name_levels_of (self->side_levels[side], self->side_level_row[side],
                        g_ptr_array_index (self->engines, chosen));
    }
}

static void
engine_state_cb (StudioPlayDialog *self,
                 GParamSpec       *pspec,
                 StudioEngine     *engine)
{
  if (studio_engine_get_state (engine) == STUDIO_ENGINE_STATE_IDLE)
    name_levels (self);
}

/* The choices of a row's popover wrap: libadwaita 1.2's own cut them at
 * 20 characters ("Neither: the engine pl…", "Level 2 · looks 4 plies …"),
 * where what a level means is the point of its name.  A label that wraps
 * at about 44 characters (an English level's name on one line, a French
 * one on two, the popover inside a 700 px window), and the check mark of
 * the chosen one, as libadwaita's. */
static void
choice_setup_cb (GtkSignalListItemFactory *factory,
                 GtkListItem              *list_item)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *label = gtk_label_new (NULL);
  GtkWidget *check = gtk_image_new_from_icon_name ("object-select-symbolic");

  gtk_label_set_xalign (GTK_LABEL (label), 0.0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_max_width_chars (GTK_LABEL (label), 44);
  gtk_widget_set_hexpand (label, TRUE);
  gtk_box_append (GTK_BOX (box), label);
  gtk_widget_set_valign (check, GTK_ALIGN_CENTER);
  gtk_box_append (GTK_BOX (box), check);
  gtk_list_item_set_child (list_item, box);
}

static void
choice_selected_cb (AdwComboRow *row,
                    GParamSpec  *pspec,
                    GtkListItem *list_item)
{
  GtkWidget *check = gtk_widget_get_last_child (gtk_list_item_get_child (list_item));

  gtk_widget_set_opacity (check, adw_combo_row_get_selected (row) == gtk_list_item_get_position (list_item)
                                 ? 1.0 : 0.0);
}

static void
choice_bind_cb (GtkSignalListItemFactory *factory,
                GtkListItem              *list_item,
                AdwComboRow              *row)
{
  GtkWidget *box = gtk_list_item_get_child (list_item);

  gtk_label_set_label (GTK_LABEL (gtk_widget_get_first_child (box)),
                       gtk_string_object_get_string (gtk_list_item_get_item (list_item)));
  g_signal_connect (row, "notify::selected", G_CALLBACK (choice_selected_cb), list_item);
  choice_selected_cb (row, NULL, list_item);
}

static void
choice_unbind_cb (GtkSignalListItemFactory *factory,
                  GtkListItem              *list_item,
                  AdwComboRow              *row)
{
  g_signal_handlers_disconnect_by_func (row, choice_selected_cb, list_item);
}

/* The rows of the user's side: the engine's level against the user, or
 * each side's engine and level.  Until engines have played each other
 * (settings' side levels 0) and while the user has not chosen a side's
 * level, both sides' levels are the level against the user: switching to
 * Neither shows the level just used, not Level 1 (issue 22). */
static void
show_rows (StudioPlayDialog *self)
{
  gboolean both = adw_combo_row_get_selected (self->side_row) == CHEOPS_SIDE_NB;

  if (both && self->side_levels_follow)
    {
      for (int side = 0; side < CHEOPS_SIDE_NB; side++)
        if (adw_combo_row_get_selected (self->side_level_row[side]) != self->side_levels_given[side])
          self->side_levels_follow = FALSE; /* the user chose it */
    }
  if (both && self->side_levels_follow)
    for (int side = 0; side < CHEOPS_SIDE_NB; side++)
      {
        self->side_levels_given[side] = adw_combo_row_get_selected (self->level_row);
        adw_combo_row_set_selected (self->side_level_row[side], self->side_levels_given[side]);
      }

  adw_message_dialog_set_heading (ADW_MESSAGE_DIALOG (self),
                                  both ? _("Engine Against Engine") : _("Play Against the Engine"));
  gtk_widget_set_visible (GTK_WIDGET (self->level_row), !both);
  for (int side = 0; side < CHEOPS_SIDE_NB; side++)
    {
      /* Against the user, the engine's side chooses its engine too (the
       * level's row, just after it, is its strength). */
      gtk_widget_set_visible (GTK_WIDGET (self->engine_row[side]), both || side == opponent_side (self));
      gtk_widget_set_visible (GTK_WIDGET (self->side_level_row[side]), both);
    }
  if (self->engines != NULL)
    name_levels (self);
  /* Other rows: their height is measured again (rows_height_cb()). */
  if (self->scrolled != NULL)
    gtk_scrolled_window_set_min_content_height (GTK_SCROLLED_WINDOW (self->scrolled), -1);
}

/* The rows' natural height, as the scrolled window propagates it, falls a
 * few pixels short of their height at the width they get (a wrapped
 * subtitle), so that five rows scrolled by 7 px on a tall screen and the
 * last one looked cut: a shortfall that small is made up by a minimum
 * height; a low screen still scrolls. */
static void
rows_height_cb (GtkAdjustment *adj,
                GtkWidget     *scrolled)
{
  GtkScrolledWindow *window = GTK_SCROLLED_WINDOW (scrolled);
  double upper = gtk_adjustment_get_upper (adj), page = gtk_adjustment_get_page_size (adj);
  int max = gtk_scrolled_window_get_max_content_height (window);

  if (page > 0 && upper > page && upper - page <= 24 && upper <= max
      && (int) upper > gtk_scrolled_window_get_min_content_height (window))
    gtk_scrolled_window_set_min_content_height (window, (int) upper);
}

/* A row choosing among the strings of @model; with @subtitle the choice is
 * shown under @title (wrapping), not beside it (where libadwaita cuts it
 * at 20 characters). */
static AdwComboRow *
combo_row (GtkWidget  *list,
           const char *title,
           GListModel *model,
           gboolean    subtitle)
{
  GtkWidget *row = adw_combo_row_new ();
  g_autoptr(GtkListItemFactory) factory = gtk_signal_list_item_factory_new ();

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  adw_preferences_row_set_use_underline (ADW_PREFERENCES_ROW (row), TRUE);
  adw_combo_row_set_use_subtitle (ADW_COMBO_ROW (row), subtitle);
  g_signal_connect (factory, "setup", G_CALLBACK (choice_setup_cb), NULL);
  g_signal_connect_object (factory, "bind", G_CALLBACK (choice_bind_cb), row, 0);
  g_signal_connect_object (factory, "unbind", G_CALLBACK (choice_unbind_cb), row, 0);
  adw_combo_row_set_list_factory (ADW_COMBO_ROW (row), factory);
  adw_combo_row_set_model (ADW_COMBO_ROW (row), model);
  gtk_list_box_append (GTK_LIST_BOX (list), row);
  return ADW_COMBO_ROW (row);
}

static void
studio_play_dialog_dispose (GObject *object)
{
  StudioPlayDialog *self = (StudioPlayDialog *)object;

  if (self->engine != NULL)
    g_signal_handlers_disconnect_by_data (self->engine, self);
  g_clear_object (&self->engine);
  if (self->engines != NULL)
    for (guint i = 0; i < self->engines->len; i++)
      g_signal_handlers_disconnect_by_data (g_ptr_array_index (self->engines, i), self);
  g_clear_pointer (&self->engines, g_ptr_array_unref);
  G_OBJECT_CLASS (studio_play_dialog_parent_class)->dispose (object);
}

static void
studio_play_dialog_class_init (StudioPlayDialogClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = studio_play_dialog_dispose;
}

static void
studio_play_dialog_init (StudioPlayDialog *self)
{
  adw_message_dialog_set_heading (ADW_MESSAGE_DIALOG (self), _("Play Against the Engine"));
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (self),
                                    "cancel", _("_Cancel"),
                                    "play", _("_Play"),
                                    NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (self), "play", ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (self), "play");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (self), "cancel");
}

StudioPlayDialog *
studio_play_dialog_new (GtkWindow                *parent,
                        const CheopsVariant      *variant,
                        StudioEngine             *engine,
                        const StudioPlaySettings *settings)
{
  StudioPlayDialog *self;
  GtkWidget *list = gtk_list_box_new ();
  g_autoptr(GtkStringList) starts = NULL;
  g_autoptr(GtkStringList) sides = NULL;
  g_autoptr(GtkStringList) clocks = NULL;

  g_return_val_if_fail (variant != NULL && STUDIO_IS_ENGINE (engine) && settings != NULL, NULL);

  self = g_object_new (STUDIO_TYPE_PLAY_DIALOG,
                       "transient-for", parent,
                       "modal", TRUE,
                       NULL);
  self->engine = g_object_ref (engine);
  self->settings = *settings;
  self->side_levels_follow = settings->side_level[CHEOPS_SIDE_A] == 0 && settings->side_level[CHEOPS_SIDE_B] == 0;

  gtk_list_box_set_selection_mode (GTK_LIST_BOX (list), GTK_SELECTION_NONE);
  gtk_widget_add_css_class (list, "boxed-list");

  {
    /* Translators: where a game against the engine starts: "A new game of
     * Cypher" (the game's title, its [Variant] tag) */
    g_autofree char *new_game = g_strdup_printf (_("A new game of %s"), _(variant->title));

    starts = gtk_string_list_new ((const char *[]) { _("This position"), new_game, NULL });
  }
  /* The choice under the title, as the level's: "A new game of Pyramids"
   * was cut to "A new game of Pyram…" beside it in a 700 px window. */
  self->start_row = combo_row (list, _("_Start from"), G_LIST_MODEL (starts), TRUE);
  adw_combo_row_set_selected (self->start_row, settings->new_game ? 1 : 0);

  sides = gtk_string_list_new (NULL);
  for (int side = 0; side < CHEOPS_SIDE_NB; side++)
    gtk_string_list_append (sides, g_dgettext (GETTEXT_PACKAGE, variant->sides[side].name));
  /* Translators: the user's side in a game of engine against engine (each
   * side's engine is then chosen below) */
  gtk_string_list_append (sides, _("Neither"));
  self->side_row = combo_row (list, _("_You play"), G_LIST_MODEL (sides), FALSE);
  adw_combo_row_set_selected (self->side_row, settings->engines_only ? CHEOPS_SIDE_NB : settings->user_side);

  self->levels = gtk_string_list_new (NULL);
  /* The level's whole name under the title: the dialog is narrow. */
  self->level_row = combo_row (list, _("_Engine’s strength"), G_LIST_MODEL (self->levels), TRUE);
  g_object_unref (self->levels);
  name_levels (self);
  adw_combo_row_set_selected (self->level_row, CLAMP (settings->level, 1, STUDIO_PLAY_N_LEVELS) - 1);
  g_signal_connect_object (engine, "notify::state", G_CALLBACK (engine_state_cb), self, G_CONNECT_SWAPPED);

  /* Engine against engine: each side's engine and level. */
  self->engine_names = gtk_string_list_new (NULL);
  for (int side = 0; side < CHEOPS_SIDE_NB; side++)
    {
      const char *name = g_dgettext (GETTEXT_PACKAGE, variant->sides[side].name);
      /* Translators: the engine that plays a side, engine against engine: "Gold’s engine" */
      g_autofree char *engine_title = g_strdup_printf (_("%s’s engine"), name);
      /* Translators: the level of the engine that plays a side: "Gold’s strength" */
      g_autofree char *level_title = g_strdup_printf (_("%s’s strength"), name);

      /* The engine's whole name under the title, as the level's. */
      self->engine_row[side] = combo_row (list, engine_title, G_LIST_MODEL (self->engine_names), TRUE);
      adw_preferences_row_set_use_underline (ADW_PREFERENCES_ROW (self->engine_row[side]), FALSE);
      gtk_widget_add_css_class (GTK_WIDGET (self->engine_row[side]), "play-engine-row");
      self->side_levels[side] = gtk_string_list_new (NULL);
      self->side_level_row[side] = combo_row (list, level_title, G_LIST_MODEL (self->side_levels[side]), TRUE);
      adw_preferences_row_set_use_underline (ADW_PREFERENCES_ROW (self->side_level_row[side]), FALSE);
      g_object_unref (self->side_levels[side]);
      g_signal_connect_object (self->engine_row[side], "notify::selected", G_CALLBACK (name_levels), self,
                               G_CONNECT_SWAPPED);
    }
  g_object_unref (self->engine_names);
  /* The level's row after side B's engine: against the user, the engine's
   * side's engine row comes just before its strength (side A's engine,
   * then, for side B's user, with side A's level hidden). */
  g_object_ref (self->level_row);
  gtk_list_box_remove (GTK_LIST_BOX (list), GTK_WIDGET (self->level_row));
  gtk_list_box_insert (GTK_LIST_BOX (list), GTK_WIDGET (self->level_row),
                       gtk_list_box_row_get_index (GTK_LIST_BOX_ROW (self->engine_row[CHEOPS_SIDE_B])) + 1);
  g_object_unref (self->level_row);
  {
    const char *names[] = { _("Bundled engine (cheops-engine)") };

    studio_play_dialog_set_engines (self, 1, names, &engine);
  }

  clocks = gtk_string_list_new (NULL);
  for (int i = 0; i < STUDIO_PLAY_N_TIME_CONTROLS; i++)
    {
      g_autofree char *text = NULL;

      if (i == 0)
        text = g_strdup (_("No clock"));
      else
        /* Translators: a time control, minutes each side + seconds added a
         * move: "5 min + 3 s" */
        text = g_strdup_printf (_("%d min + %d s"), studio_play_time_controls[i][0] / 60,
                                studio_play_time_controls[i][1]);
      gtk_string_list_append (clocks, text);
    }
  self->clock_row = combo_row (list, _("_Clock"), G_LIST_MODEL (clocks), FALSE);
  for (int i = 0; i < STUDIO_PLAY_N_TIME_CONTROLS; i++)
    if (studio_play_time_controls[i][0] * 1000 == settings->base_ms
        && studio_play_time_controls[i][1] * 1000 == settings->inc_ms)
      adw_combo_row_set_selected (self->clock_row, i);

  show_rows (self);
  g_signal_connect_object (self->side_row, "notify::selected", G_CALLBACK (show_rows), self, G_CONNECT_SWAPPED);

  {
    /* Scrolled when the screen is low (seven rows with Neither). */
    GtkWidget *scrolled = gtk_scrolled_window_new ();

    gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scrolled), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
    gtk_scrolled_window_set_propagate_natural_height (GTK_SCROLLED_WINDOW (scrolled), TRUE);
    gtk_scrolled_window_set_max_content_height (GTK_SCROLLED_WINDOW (scrolled), 440);
    gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), list);
    g_signal_connect_object (gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scrolled)), "changed",
                             G_CALLBACK (rows_height_cb), scrolled, 0);
    adw_message_dialog_set_extra_child (ADW_MESSAGE_DIALOG (self), scrolled);
    self->scrolled = scrolled;
  }
  self->list = list;
  return self;
}

void
studio_play_dialog_set_engines (StudioPlayDialog    *self,
                                guint                n_engines,
                                const char *const   *names,
                                StudioEngine *const *engines)
{
  guint n;

  g_return_if_fail (STUDIO_IS_PLAY_DIALOG (self) && n_engines >= 1 && names != NULL && engines != NULL);

  if (self->engines != NULL)
    for (guint i = 0; i < self->engines->len; i++)
      g_signal_handlers_disconnect_by_data (g_ptr_array_index (self->engines, i), self);
  g_clear_pointer (&self->engines, g_ptr_array_unref);
  self->engines = g_ptr_array_new_with_free_func (g_object_unref);
  for (guint i = 0; i < n_engines; i++)
    {
      g_return_if_fail (STUDIO_IS_ENGINE (engines[i]));
      g_ptr_array_add (self->engines, g_object_ref (engines[i]));
      g_signal_connect_object (engines[i], "notify::state", G_CALLBACK (engine_state_cb), self, G_CONNECT_SWAPPED);
    }
  n = g_list_model_get_n_items (G_LIST_MODEL (self->engine_names));
  {
    g_autoptr(GPtrArray) copy = g_ptr_array_new ();

    for (guint i = 0; i < n_engines; i++)
      g_ptr_array_add (copy, (gpointer) names[i]);
    g_ptr_array_add (copy, NULL);
    gtk_string_list_splice (self->engine_names, 0, n, (const char *const *) copy->pdata);
  }
  for (int side = 0; side < CHEOPS_SIDE_NB; side++)
    {
      adw_combo_row_set_selected (self->engine_row[side], MIN (self->settings.side_engine[side], n_engines - 1));
      name_levels_of (self->side_levels[side], self->side_level_row[side],
                      g_ptr_array_index (self->engines, adw_combo_row_get_selected (self->engine_row[side])));
      self->side_levels_given[side] = CLAMP (self->settings.side_level[side], 1, STUDIO_PLAY_N_LEVELS) - 1;
      adw_combo_row_set_selected (self->side_level_row[side], self->side_levels_given[side]);
    }
  self->side_levels_follow = self->side_levels_follow && !self->settings.engines_only;
  if (self->side_levels_follow)
    show_rows (self);
}

void
studio_play_dialog_get_settings (StudioPlayDialog   *self,
                                 StudioPlaySettings *settings)
{
  guint clock;

  g_return_if_fail (STUDIO_IS_PLAY_DIALOG (self) && settings != NULL);

  settings->new_game = adw_combo_row_get_selected (self->start_row) == 1;
  settings->user_side = adw_combo_row_get_selected (self->side_row) == 1 ? CHEOPS_SIDE_B : CHEOPS_SIDE_A;
  settings->engines_only = adw_combo_row_get_selected (self->side_row) == CHEOPS_SIDE_NB;
  settings->level = MIN (adw_combo_row_get_selected (self->level_row), STUDIO_PLAY_N_LEVELS - 1) + 1;
  for (int side = 0; side < CHEOPS_SIDE_NB; side++)
    {
      settings->side_engine[side] = MIN (adw_combo_row_get_selected (self->engine_row[side]),
                                         self->engines->len - 1);
      /* Levels still following the level against the user stay 0 (see
       * show_rows()) unless engines play each other now. */
      settings->side_level[side] = self->side_levels_follow && !settings->engines_only
                                   ? 0 : MIN (adw_combo_row_get_selected (self->side_level_row[side]),
                                              STUDIO_PLAY_N_LEVELS - 1) + 1;
    }
  clock = MIN (adw_combo_row_get_selected (self->clock_row), STUDIO_PLAY_N_TIME_CONTROLS - 1);
  settings->base_ms = (gint64) studio_play_time_controls[clock][0] * 1000;
  settings->inc_ms = (gint64) studio_play_time_controls[clock][1] * 1000;
}
