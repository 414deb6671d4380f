/* studio-tags-dialog.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * StudioTagsDialog: the game's tags (win.edit-tags, "Game Tags…", Ctrl+I).
 * The seven of PGN's roster first, the players under the names of the
 * variant's colours (cheops_game_get_colour_tag(): Green and Orange for
 * Cheops, Gold and Red for TrigChess), then every other tag of the game,
 * each removable, and a row to add one.  The Date must read "YYYY.MM.DD"
 * with "??" (or "????") for an unknown part; a bad date is said under the
 * rows and Save refuses it.  The Result offers what the rules say of the
 * mainline's end (cheops_game_outcome_result()) and warns when another is
 * picked, without refusing it (a game may end by resignation after the
 * last move recorded).  Save applies every change as one undo step
 * (cheops_game_begin_group()); the game list's headline follows through
 * the document's items-changed.
 */
#define G_LOG_DOMAIN "studio-tags-dialog"

#include "studio-config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "studio-tags-dialog.h"

/* The Result values, in the order of the combo row. */
static const char *const results[] = { "*", "1-0", "0-1", "1/2-1/2" };

typedef struct {
  char        *name;
  AdwEntryRow *row;
} TagRow;

struct _StudioTagsDialog
{
  AdwWindow        parent_instance;

  StudioDocument  *document;       /* owned */
  CheopsGame      *game;           /* owned */

  GtkWidget       *save_button;
  AdwPreferencesGroup *other_group;
  AdwComboRow     *result_row;
  AdwEntryRow     *new_tag_row;
  GtkLabel        *error_label;
  GtkLabel        *result_label;

  GPtrArray       *rows;           /* TagRow: the roster's six text tags, then the others */
  guint            n_roster;       /* of @rows */
  char            *rules_result;   /* what the mainline's end says, or NULL */
  char            *add_error;      /* why the last name could not be added, or NULL */
};

G_DEFINE_FINAL_TYPE (StudioTagsDialog, studio_tags_dialog, ADW_TYPE_WINDOW)

static void
tag_row_free (TagRow *row)
{
  g_free (row->name);
  g_free (row);
}

static TagRow *
find_row (StudioTagsDialog *self,
          const char       *name)
{
  for (guint i = 0; i < self->rows->len; i++)
    {
      TagRow *row = g_ptr_array_index (self->rows, i);

      if (g_strcmp0 (row->name, name) == 0)
        return row;
    }
  return NULL;
}

/**
 * studio_tags_date_is_valid:
 * @date: a Date tag value
 *
 * Whether @date has PGN's form "YYYY.MM.DD" (PGN standard 8.1.1.3): four,
 * two and two digits, a part unknown written with as many "?"; a month
 * 01..12, a day 01..31.
 *
 * Returns: %TRUE if valid
 */
gboolean
studio_tags_date_is_valid (const char *date)
{
  static const guint lengths[] = { 4, 2, 2 };
  static const guint maxima[] = { 9999, 12, 31 };
  g_auto(GStrv) parts = NULL;

  if (date == NULL || strlen (date) != 10)
    return FALSE;
  parts = g_strsplit (date, ".", -1);
  if (g_strv_length (parts) != 3)
    return FALSE;
  for (guint i = 0; i < 3; i++)
    {
      const char *p = parts[i];
      gboolean unknown = p[0] == '?';
      guint value = 0;

      if (strlen (p) != lengths[i])
        return FALSE;
      for (guint k = 0; k < lengths[i]; k++)
        {
          if (unknown ? p[k] != '?' : !g_ascii_isdigit (p[k]))
            return FALSE;
          if (!unknown)
            value = value * 10 + (guint) (p[k] - '0');
        }
      if (!unknown && i > 0 && (value < 1 || value > maxima[i]))
        return FALSE;
    }
  return TRUE;
}

/* The value a row stands for: its text without surrounding blanks and line
 * breaks; an empty roster row means the roster's default. */
static char *
row_value (StudioTagsDialog *self,
           TagRow           *row)
{
  char *text = g_strdup (gtk_editable_get_text (GTK_EDITABLE (row->row)));

  g_strdelimit (text, "\r\n\t", ' ');
  g_strstrip (text);
  return text;
}

static const char *
selected_result (StudioTagsDialog *self)
{
  guint i = adw_combo_row_get_selected (self->result_row);

  return i < G_N_ELEMENTS (results) ? results[i] : "*";
}

/* Checks the Date and the Result, and enables Save. */
static void
studio_tags_dialog_validate (StudioTagsDialog *self)
{
  TagRow *date = find_row (self, "Date");
  g_autofree char *value = row_value (self, date);
  gboolean valid = value[0] == '\0' || studio_tags_date_is_valid (value);
  const char *result = selected_result (self);

  if (valid)
    gtk_widget_remove_css_class (GTK_WIDGET (date->row), "error");
  else
    gtk_widget_add_css_class (GTK_WIDGET (date->row), "error");
  gtk_label_set_label (self->error_label,
                       valid ? "" :
                       /* Translators: under the Date row of the game's tags; keep
                        * YYYY.MM.DD and the example as they are (PGN's form) */
                       _("The date must read YYYY.MM.DD, with ?? for what is not known, as in 2024.05.??."));
  gtk_widget_set_visible (GTK_WIDGET (self->error_label), !valid);
  gtk_widget_set_sensitive (self->save_button, valid);

  if (self->rules_result != NULL && g_strcmp0 (result, self->rules_result) != 0)
    {
      g_autofree char *outcome = cheops_game_describe_outcome (
          self->game, cheops_game_node_get_outcome (cheops_game_get_mainline_end (self->game)));
      /* Translators: a warning under the Result of the game's tags: %1$s is
       * how the moves end the game ("Gold wins by checkmate."), %2$s the
       * Result the rules give ("1-0") */
      g_autofree char *text = g_strdup_printf (_("The moves end the game: %1$s The rules give the result %2$s."),
                                               outcome, self->rules_result);

      gtk_label_set_label (self->result_label, text);
      gtk_widget_set_visible (GTK_WIDGET (self->result_label), TRUE);
    }
  else
    {
      gtk_label_set_label (self->result_label, "");
      gtk_widget_set_visible (GTK_WIDGET (self->result_label), FALSE);
    }
}

static void
remove_clicked_cb (GtkButton        *button,
                   StudioTagsDialog *self)
{
  const char *name = g_object_get_data (G_OBJECT (button), "tag-name");

  studio_tags_dialog_remove_tag (self, name);
}

static TagRow *
add_row (StudioTagsDialog    *self,
         AdwPreferencesGroup *group,
         const char          *name,
         const char          *title,
         const char          *value,
         gboolean             removable)
{
  TagRow *row = g_new0 (TagRow, 1);

  row->name = g_strdup (name);
  row->row = ADW_ENTRY_ROW (adw_entry_row_new ());
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row->row), title);
  gtk_editable_set_text (GTK_EDITABLE (row->row), value != NULL ? value : "");
  g_signal_connect_object (row->row, "changed", G_CALLBACK (studio_tags_dialog_validate), self,
                           G_CONNECT_SWAPPED);
  if (removable)
    {
      GtkWidget *button = gtk_button_new_from_icon_name ("user-trash-symbolic");

      gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
      gtk_widget_add_css_class (button, "flat");
      /* Translators: tooltip of the button that removes a tag from the game */
      gtk_widget_set_tooltip_text (button, _("Remove Tag"));
      g_object_set_data_full (G_OBJECT (button), "tag-name", g_strdup (name), g_free);
      g_signal_connect_object (button, "clicked", G_CALLBACK (remove_clicked_cb), self, 0);
      adw_entry_row_add_suffix (row->row, button);
    }
  adw_preferences_group_add (group, GTK_WIDGET (row->row));
  g_ptr_array_add (self->rows, row);
  return row;
}

/* A PGN tag name (letters, digits, underscores, from a letter) that the
 * dialog may add: not one the game has, nor one that is no tag here. */
static gboolean
name_is_addable (StudioTagsDialog *self,
                 const char       *name)
{
  static const char *const reserved[] = { "Variant", "SetUp", "FEN", NULL };

  if (name == NULL || !g_ascii_isalpha (name[0]))
    return FALSE;
  for (const char *p = name; *p != '\0'; p++)
    if (!g_ascii_isalnum (*p) && *p != '_')
      return FALSE;
  if (g_strv_contains (reserved, name) || g_strcmp0 (name, "Result") == 0)
    return FALSE;
  return find_row (self, name) == NULL;
}

static void
new_tag_apply_cb (StudioTagsDialog *self)
{
  g_autofree char *name = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->new_tag_row))));

  if (studio_tags_dialog_add_tag (self, name))
    gtk_editable_set_text (GTK_EDITABLE (self->new_tag_row), "");
}

static void
save_clicked_cb (StudioTagsDialog *self)
{
  if (studio_tags_dialog_save (self))
    gtk_window_destroy (GTK_WINDOW (self));
}

static void
studio_tags_dialog_dispose (GObject *object)
{
  StudioTagsDialog *self = STUDIO_TAGS_DIALOG (object);

  g_clear_object (&self->document);
  g_clear_object (&self->game);
  g_clear_pointer (&self->rows, g_ptr_array_unref);
  g_clear_pointer (&self->rules_result, g_free);
  g_clear_pointer (&self->add_error, g_free);

  G_OBJECT_CLASS (studio_tags_dialog_parent_class)->dispose (object);
}

static void
studio_tags_dialog_class_init (StudioTagsDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = studio_tags_dialog_dispose;
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
studio_tags_dialog_init (StudioTagsDialog *self)
{
  self->rows = g_ptr_array_new_with_free_func ((GDestroyNotify) tag_row_free);
}

/* Builds the rows of @self->game. */
static void
studio_tags_dialog_build (StudioTagsDialog *self)
{
  static const char *const roster[] = { "Event", "Site", "Date", "Round" };
  GtkWidget *box, *header, *cancel, *page, *scrolled;
  AdwPreferencesGroup *group, *result_group;
  GtkStringList *choices;
  CheopsOutcome outcome;
  const char *result;

  outcome = cheops_game_node_get_outcome (cheops_game_get_mainline_end (self->game));
  if (outcome != CHEOPS_OUTCOME_NONE)
    self->rules_result = g_strdup (cheops_game_outcome_result (self->game, outcome));

  /* Translators: the title of the window that edits a game's PGN tags */
  gtk_window_set_title (GTK_WINDOW (self), _("Game Tags"));
  gtk_window_set_modal (GTK_WINDOW (self), TRUE);
  gtk_window_set_default_size (GTK_WINDOW (self), 480, 640);

  box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  header = adw_header_bar_new ();
  adw_header_bar_set_show_end_title_buttons (ADW_HEADER_BAR (header), FALSE);
  cancel = gtk_button_new_with_mnemonic (_("_Cancel"));
  gtk_actionable_set_action_name (GTK_ACTIONABLE (cancel), "window.close");
  adw_header_bar_pack_start (ADW_HEADER_BAR (header), cancel);
  self->save_button = gtk_button_new_with_mnemonic (_("_Save"));
  gtk_widget_add_css_class (self->save_button, "suggested-action");
  g_signal_connect_object (self->save_button, "clicked", G_CALLBACK (save_clicked_cb), self,
                           G_CONNECT_SWAPPED);
  adw_header_bar_pack_end (ADW_HEADER_BAR (header), self->save_button);
  gtk_box_append (GTK_BOX (box), header);

  page = adw_preferences_page_new ();
  gtk_widget_set_vexpand (page, TRUE);

  group = ADW_PREFERENCES_GROUP (adw_preferences_group_new ());
  /* Translators: the group of PGN's seven roster tags */
  adw_preferences_group_set_title (group, _("Game"));
  for (guint i = 0; i < G_N_ELEMENTS (roster); i++)
    {
      /* The tag names are PGN's: shown translated, written as they are. */
      const char *title = i == 0 ? C_("tag", "Event") : i == 1 ? C_("tag", "Site")
                        : i == 2 ? C_("tag", "Date") : C_("tag", "Round");

      add_row (self, group, roster[i], title, cheops_game_get_tag (self->game, roster[i]), FALSE);
      if (i == 2)
        {
          /* Translators: placeholder-like hint in the Date row's tooltip */
          gtk_widget_set_tooltip_text (GTK_WIDGET (find_row (self, "Date")->row),
                                       _("YYYY.MM.DD, ?? for what is not known"));
        }
    }
  for (guint colour = 0; colour < 2; colour++)
    {
      const char *tag = cheops_game_get_colour_tag (self->game, colour);
      const char *name = cheops_game_get_side_name (self->game, cheops_game_get_colour_side (self->game, colour));

      add_row (self, group, tag, _(name), cheops_game_get_tag (self->game, tag), FALSE);
    }
  self->n_roster = self->rows->len;

  self->error_label = GTK_LABEL (gtk_label_new (""));
  gtk_label_set_wrap (self->error_label, TRUE);
  gtk_label_set_xalign (self->error_label, 0);
  gtk_widget_add_css_class (GTK_WIDGET (self->error_label), "error");
  gtk_widget_set_margin_top (GTK_WIDGET (self->error_label), 6);
  gtk_widget_set_visible (GTK_WIDGET (self->error_label), FALSE);
  adw_preferences_group_add (group, GTK_WIDGET (self->error_label));
  adw_preferences_page_add (ADW_PREFERENCES_PAGE (page), group);

  result_group = ADW_PREFERENCES_GROUP (adw_preferences_group_new ());
  choices = gtk_string_list_new (NULL);
  for (guint i = 0; i < G_N_ELEMENTS (results); i++)
    {
      g_autofree char *text = NULL;

      if (i == 0)
        /* Translators: the Result "*" of a game */
        text = g_strdup (_("Not finished (*)"));
      else if (i == 3)
        /* Translators: the Result "1/2-1/2" of a game */
        text = g_strdup (_("Draw (½–½)"));
      else
        {
          CheopsSide side = cheops_game_get_colour_side (self->game, i - 1);

          /* Translators: the Result "1-0" or "0-1": "Gold wins (1-0)" */
          text = g_strdup_printf (_("%s wins (%s)"), _(cheops_game_get_side_name (self->game, side)),
                                  results[i]);
        }
      gtk_string_list_append (choices, text);
    }
  self->result_row = ADW_COMBO_ROW (adw_combo_row_new ());
  adw_combo_row_set_model (self->result_row, G_LIST_MODEL (choices));
  g_object_unref (choices);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->result_row), C_("tag", "Result"));
  if (self->rules_result != NULL)
    {
      /* Translators: the subtitle of the Result row: what the rules give
       * for the last position of the mainline ("1-0") */
      g_autofree char *subtitle = g_strdup_printf (_("By the rules: %s"), self->rules_result);

      adw_action_row_set_subtitle (ADW_ACTION_ROW (self->result_row), subtitle);
    }
  /* Offer the rules' result to a game that says none yet. */
  result = cheops_game_get_result (self->game);
  if (g_strcmp0 (result, "*") == 0 && self->rules_result != NULL)
    result = self->rules_result;
  for (guint i = 0; i < G_N_ELEMENTS (results); i++)
    if (g_strcmp0 (result, results[i]) == 0)
      adw_combo_row_set_selected (self->result_row, i);
  g_signal_connect_object (self->result_row, "notify::selected", G_CALLBACK (studio_tags_dialog_validate),
                           self, G_CONNECT_SWAPPED);
  adw_preferences_group_add (result_group, GTK_WIDGET (self->result_row));
  self->result_label = GTK_LABEL (gtk_label_new (""));
  gtk_label_set_wrap (self->result_label, TRUE);
  gtk_label_set_xalign (self->result_label, 0);
  gtk_widget_add_css_class (GTK_WIDGET (self->result_label), "warning");
  gtk_widget_set_margin_top (GTK_WIDGET (self->result_label), 6);
  adw_preferences_group_add (result_group, GTK_WIDGET (self->result_label));
  adw_preferences_page_add (ADW_PREFERENCES_PAGE (page), result_group);

  self->other_group = ADW_PREFERENCES_GROUP (adw_preferences_group_new ());
  /* Translators: the group of the game's tags beyond PGN's seven */
  adw_preferences_group_set_title (self->other_group, _("Other Tags"));
  for (guint i = 0; i < cheops_game_get_n_tags (self->game); i++)
    {
      const char *name, *value;

      cheops_game_get_nth_tag (self->game, i, &name, &value);
      if (find_row (self, name) != NULL || g_strcmp0 (name, "Result") == 0)
        continue;
      add_row (self, self->other_group, name, name, value, TRUE);
    }
  self->new_tag_row = ADW_ENTRY_ROW (adw_entry_row_new ());
  /* Translators: the row that adds a tag: the user types its name */
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->new_tag_row), _("New tag name"));
  adw_entry_row_set_show_apply_button (self->new_tag_row, TRUE);
  g_signal_connect_object (self->new_tag_row, "apply", G_CALLBACK (new_tag_apply_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->new_tag_row, "entry-activated", G_CALLBACK (new_tag_apply_cb), self,
                           G_CONNECT_SWAPPED);
  adw_preferences_group_add (self->other_group, GTK_WIDGET (self->new_tag_row));
  adw_preferences_page_add (ADW_PREFERENCES_PAGE (page), self->other_group);

  scrolled = page;
  gtk_box_append (GTK_BOX (box), scrolled);
  adw_window_set_content (ADW_WINDOW (self), box);

  studio_tags_dialog_validate (self);
}

/**
 * studio_tags_dialog_new:
 * @parent: (nullable): the window it belongs to (modal over it)
 * @document: the document whose current game's tags are edited
 *
 * Returns: (transfer none): the dialog, not yet presented; it destroys
 *   itself when saved or closed
 */
GtkWidget *
studio_tags_dialog_new (GtkWindow      *parent,
                        StudioDocument *document)
{
  StudioTagsDialog *self;

  g_return_val_if_fail (STUDIO_IS_DOCUMENT (document), NULL);

  self = g_object_new (STUDIO_TYPE_TAGS_DIALOG, NULL);
  if (parent != NULL)
    gtk_window_set_transient_for (GTK_WINDOW (self), parent);
  self->document = g_object_ref (document);
  self->game = g_object_ref (studio_document_get_game (document));
  studio_tags_dialog_build (self);
  return GTK_WIDGET (self);
}

/**
 * studio_tags_dialog_set_value:
 * @self: a #StudioTagsDialog
 * @name: a tag shown ("Date", "Gold", "Result", an added one)
 * @value: its new text (for Result: "*", "1-0", "0-1" or "1/2-1/2")
 *
 * Types @value into the tag's row, as the user would (nothing is applied
 * before studio_tags_dialog_save()).
 *
 * Returns: %FALSE if there is no such row (or no such Result)
 */
gboolean
studio_tags_dialog_set_value (StudioTagsDialog *self,
                              const char       *name,
                              const char       *value)
{
  TagRow *row;

  g_return_val_if_fail (STUDIO_IS_TAGS_DIALOG (self), FALSE);

  if (g_strcmp0 (name, "Result") == 0)
    {
      for (guint i = 0; i < G_N_ELEMENTS (results); i++)
        if (g_strcmp0 (value, results[i]) == 0)
          {
            adw_combo_row_set_selected (self->result_row, i);
            return TRUE;
          }
      return FALSE;
    }
  row = find_row (self, name);
  if (row == NULL)
    return FALSE;
  gtk_editable_set_text (GTK_EDITABLE (row->row), value != NULL ? value : "");
  return TRUE;
}

/**
 * studio_tags_dialog_get_value:
 * @self: a #StudioTagsDialog
 * @name: a tag shown
 *
 * Returns: (transfer none) (nullable): the row's text as it stands (the
 *   Result picked), or %NULL without such a row
 */
const char *
studio_tags_dialog_get_value (StudioTagsDialog *self,
                              const char       *name)
{
  TagRow *row;

  g_return_val_if_fail (STUDIO_IS_TAGS_DIALOG (self), NULL);

  if (g_strcmp0 (name, "Result") == 0)
    return selected_result (self);
  row = find_row (self, name);
  return row != NULL ? gtk_editable_get_text (GTK_EDITABLE (row->row)) : NULL;
}

/**
 * studio_tags_dialog_add_tag:
 * @self: a #StudioTagsDialog
 * @name: a PGN tag name (letters, digits, underscores, from a letter)
 *
 * Adds an empty row for tag @name (what the "New tag name" row does).  A
 * tag left empty is not written.
 *
 * Returns: %FALSE if @name is no tag name, is Variant, SetUp or FEN, or is
 *   shown already (studio_tags_dialog_get_error() says why)
 */
gboolean
studio_tags_dialog_add_tag (StudioTagsDialog *self,
                            const char       *name)
{
  TagRow *row;

  g_return_val_if_fail (STUDIO_IS_TAGS_DIALOG (self), FALSE);

  g_clear_pointer (&self->add_error, g_free);
  if (!name_is_addable (self, name))
    {
      self->add_error = find_row (self, name) != NULL || g_strcmp0 (name, "Result") == 0
        /* Translators: the user tried to add a tag the game has already */
        ? g_strdup_printf (_("The game has a tag “%s” already."), name)
        /* Translators: the user typed a tag name that PGN does not allow */
        : g_strdup_printf (_("“%s” is no tag name: use letters, digits and _, from a letter."), name);
      gtk_widget_add_css_class (GTK_WIDGET (self->new_tag_row), "error");
      gtk_widget_set_tooltip_text (GTK_WIDGET (self->new_tag_row), self->add_error);
      return FALSE;
    }
  gtk_widget_remove_css_class (GTK_WIDGET (self->new_tag_row), "error");
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->new_tag_row), NULL);
  /* Before the "New tag name" row: rebuild the order by moving it last. */
  g_object_ref (self->new_tag_row);
  adw_preferences_group_remove (self->other_group, GTK_WIDGET (self->new_tag_row));
  row = add_row (self, self->other_group, name, name, "", TRUE);
  adw_preferences_group_add (self->other_group, GTK_WIDGET (self->new_tag_row));
  g_object_unref (self->new_tag_row);
  gtk_widget_grab_focus (GTK_WIDGET (row->row));
  return TRUE;
}

/**
 * studio_tags_dialog_remove_tag:
 * @self: a #StudioTagsDialog
 * @name: a tag beyond the roster
 *
 * Removes the tag's row: Save removes the tag from the game.
 *
 * Returns: %FALSE if there is no such row or it is a roster tag
 */
gboolean
studio_tags_dialog_remove_tag (StudioTagsDialog *self,
                               const char       *name)
{
  g_return_val_if_fail (STUDIO_IS_TAGS_DIALOG (self), FALSE);

  for (guint i = self->n_roster; i < self->rows->len; i++)
    {
      TagRow *row = g_ptr_array_index (self->rows, i);

      if (g_strcmp0 (row->name, name) == 0)
        {
          adw_preferences_group_remove (self->other_group, GTK_WIDGET (row->row));
          g_ptr_array_remove_index (self->rows, i);
          return TRUE;
        }
    }
  return FALSE;
}

/**
 * studio_tags_dialog_get_row_title:
 * @self: a #StudioTagsDialog
 * @colour: 0 or 1, a colour of the variant
 *
 * Returns: (transfer none): the title of that colour's player row (the
 *   colour's name, translated: "Gold", "Red"; "Green", "Orange")
 */
const char *
studio_tags_dialog_get_row_title (StudioTagsDialog *self,
                                  guint             colour)
{
  TagRow *row;

  g_return_val_if_fail (STUDIO_IS_TAGS_DIALOG (self), NULL);
  g_return_val_if_fail (colour < 2, NULL);

  row = find_row (self, cheops_game_get_colour_tag (self->game, colour));
  return adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row->row));
}

/**
 * studio_tags_dialog_get_error:
 * @self: a #StudioTagsDialog
 *
 * Returns: (transfer none) (nullable): the error shown (a bad Date, or a
 *   tag name that could not be added), or %NULL
 */
const char *
studio_tags_dialog_get_error (StudioTagsDialog *self)
{
  g_return_val_if_fail (STUDIO_IS_TAGS_DIALOG (self), NULL);

  if (gtk_widget_get_visible (GTK_WIDGET (self->error_label)))
    return gtk_label_get_label (self->error_label);
  return self->add_error;
}

/**
 * studio_tags_dialog_get_rules_result:
 * @self: a #StudioTagsDialog
 *
 * Returns: (transfer none) (nullable): the Result the rules give for the
 *   mainline's last position ("1-0"), or %NULL when it does not end the game
 */
const char *
studio_tags_dialog_get_rules_result (StudioTagsDialog *self)
{
  g_return_val_if_fail (STUDIO_IS_TAGS_DIALOG (self), NULL);

  return self->rules_result;
}

/**
 * studio_tags_dialog_get_result_warning:
 * @self: a #StudioTagsDialog
 *
 * Returns: (transfer none) (nullable): the warning shown when the Result
 *   picked is not the rules' one, or %NULL
 */
const char *
studio_tags_dialog_get_result_warning (StudioTagsDialog *self)
{
  g_return_val_if_fail (STUDIO_IS_TAGS_DIALOG (self), NULL);

  if (!gtk_widget_get_visible (GTK_WIDGET (self->result_label)))
    return NULL;
  return gtk_label_get_label (self->result_label);
}

/**
 * studio_tags_dialog_save:
 * @self: a #StudioTagsDialog
 *
 * Applies the rows to the game: every tag whose value changed is set, an
 * empty roster row goes back to its default, an empty or removed other tag
 * is removed; all of it one undo step.  Refused while the Date is bad.
 * Does not close the dialog (Save's button does).
 *
 * Returns: %TRUE if applied (nothing to change counts), %FALSE if refused
 */
gboolean
studio_tags_dialog_save (StudioTagsDialog *self)
{
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) values = g_ptr_array_new_with_free_func (g_free);
  gboolean ok = TRUE;

  g_return_val_if_fail (STUDIO_IS_TAGS_DIALOG (self), FALSE);

  studio_tags_dialog_validate (self);
  if (!gtk_widget_get_sensitive (self->save_button))
    return FALSE;

  /* What changes: the rows ... */
  for (guint i = 0; i < self->rows->len; i++)
    {
      TagRow *row = g_ptr_array_index (self->rows, i);
      g_autofree char *value = row_value (self, row);
      const char *now = cheops_game_get_tag (self->game, row->name);
      gboolean roster = i < self->n_roster;

      if (value[0] == '\0')
        {
          /* The roster's default, or no tag. */
          if (roster && (g_strcmp0 (now, g_strcmp0 (row->name, "Date") == 0 ? "????.??.??" : "?") == 0))
            continue;
          if (!roster && now == NULL)
            continue;
          g_ptr_array_add (names, g_strdup (row->name));
          g_ptr_array_add (values, NULL);
        }
      else if (g_strcmp0 (value, now) != 0)
        {
          g_ptr_array_add (names, g_strdup (row->name));
          g_ptr_array_add (values, g_steal_pointer (&value));
        }
    }
  if (g_strcmp0 (selected_result (self), cheops_game_get_result (self->game)) != 0)
    {
      g_ptr_array_add (names, g_strdup ("Result"));
      g_ptr_array_add (values, g_strdup (selected_result (self)));
    }
  /* ... and the tags whose rows were removed. */
  for (guint i = 0; i < cheops_game_get_n_tags (self->game); i++)
    {
      const char *name, *value;

      cheops_game_get_nth_tag (self->game, i, &name, &value);
      if (find_row (self, name) == NULL && g_strcmp0 (name, "Result") != 0)
        {
          g_ptr_array_add (names, g_strdup (name));
          g_ptr_array_add (values, NULL);
        }
    }

  if (names->len == 0)
    return TRUE;

  cheops_game_begin_group (self->game);
  for (guint i = 0; i < names->len; i++)
    {
      g_autoptr(GError) error = NULL;

      if (!cheops_game_set_tag (self->game, g_ptr_array_index (names, i), g_ptr_array_index (values, i), &error))
        {
          g_warning ("tag %s: %s", (const char *) g_ptr_array_index (names, i), error->message);
          ok = FALSE;
        }
    }
  cheops_game_end_group (self->game);
  return ok;
}
