/* studio-setup-panel.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * StudioSetupPanel: the side pane of the position set-up (the "board
 * editor" of Lichess, "Setup position" of ChessBase).  It holds the
 * position being built and shows, from top to bottom: a palette of the
 * placeable piece kinds of the position's variant (CheopsPieceInfo.placeable)
 * in both sides' colours, drawn by the board's own
 * studio_board_view_draw_piece_mark(), and an eraser; Clear Board, Initial
 * Position (the variant's start_fen) and Flip; the side to move, named by
 * the variant's sides; a FEN entry that always shows the FEN of the set-up
 * and takes a typed or pasted one; for a game whose FEN holds more (pieces
 * in hand, the variant's drop_kinds; its setup_values, such as Cypher
 * chess's check counters and re-take mark) a row for each; and Cancel and
 * Done.
 *
 * It knows no game: the variant is the position's (set it with
 * studio_setup_panel_set_position()); whether the set-up is a position is
 * what the variant's FEN reader says of the FEN text
 * (cheops_position_from_fen(), for Cheops RULINGS.md R9) and then
 * cheops_position_is_reachable(), and the core's message, with the column,
 * is shown under the entry and as the reason Done is off.  The core names
 * a side "the a side" (its FEN letter); the panel says the name of the
 * colours it is drawn in instead ("Green").  The board is not its own: the
 * window shows studio_setup_panel_get_position() on the board after each
 * ::position-changed and passes the board's clicks and drags back to
 * studio_setup_panel_click_cell() and studio_setup_panel_move_piece().
 *
 * A variant whose pieces stack (Pyramids' pinos, 3.3: the table's
 * stack_piece and unstack_piece) builds stacks on a cell: a click with a
 * checker puts it onto a stack of its side where its size is free, and a
 * click with a checker the stack holds takes that checker off.  A
 * variant's set-up switches (CheopsVariant.setup_flags: Pyramids' faraon
 * rights, 4.3) are offered as switches under the side to move.
 *
 * Actions: setup.clear, setup.initial, setup.flip, setup.cancel and
 * setup.done (enabled only while the set-up is a position); the last three
 * emit ::flip, ::cancel and ::done, which the window answers.
 */
#define G_LOG_DOMAIN "studio-setup-panel"

#include "studio-config.h"

#include <adwaita.h>
#include <glib/gi18n.h>

#include "studio-board-view.h"
#include "studio-setup-panel.h"

/* The palette's rows: 0 the pieces drawn in the variant's first side's
 * colours (Cheops: Green), 1 the others. */
#define PALETTE_ROWS 2
/* Piece kinds are 1..31 (cheops-types.h). */
#define PIECE_KINDS 32
#define PALETTE_ICON_SIZE 38

struct _StudioSetupPanel
{
  GtkWidget        parent_instance;

  /* Template widgets. */
  GtkWidget       *scroller;
  GtkWidget       *columns;
  AdwPreferencesGroup *pieces_group;
  char            *pieces_description;  /* the group's, while hidden in two columns */
  GtkGrid         *palette;
  GtkToggleButton *green_button;
  GtkToggleButton *orange_button;
  GtkTextView     *fen_row;     /* the FEN, wrapped to be seen whole */
  GtkWidget       *fen_bin;     /* its parent, measuring its height */
  GtkLabel        *problem_label;
  GtkWidget       *done_button;
  AdwPreferencesGroup *extras_group;
  AdwPreferencesGroup *position_group;

  /* Built for the variant: the piece buttons of the palette by row and
   * piece kind (NULL for kinds not placed), and the eraser. */
  const CheopsVariant *variant;
  GtkToggleButton *piece_buttons[PALETTE_ROWS][PIECE_KINDS];
  GtkToggleButton *eraser_button;
  /* The extra rows' editors, built for the variant: spin buttons for the
   * hands ([side][i] for drop_kinds[i]) and the setup_values' widgets
   * (a spin button for a number, an entry for a cell). */
  GPtrArray       *extra_rows;
  GtkWidget       *hand_spins[CHEOPS_SIDE_NB][8];
  GtkWidget       *value_widgets[8];
  /* The variant's set-up switches (setup_flags), in a row each. */
  GPtrArray       *flag_rows;     /* AdwActionRow */
  GPtrArray       *flag_switches; /* GtkSwitch, by flag */

  /* The position being set up: the last one built on the board or read
   * from the entry (it may lack a King: only the board shows it). */
  CheopsPosition   position;
  CheopsPiece      brush;       /* the palette's piece, CHEOPS_NO_PIECE: the eraser */
  CheopsSide       green_side;
  char            *problem;     /* why the FEN is not a position, or NULL */

  guint            updating : 1;  /* setting widgets from the position */
  guint            typing : 1;    /* the FEN entry has the keyboard focus */
};

enum {
  PROP_0,
  PROP_VALID,
  PROP_GREEN_SIDE,
  PROP_TYPING,
  N_PROPS
};

enum {
  POSITION_CHANGED,
  DONE,
  CANCEL,
  FLIP,
  N_SIGNALS
};

G_DEFINE_FINAL_TYPE (StudioSetupPanel, studio_setup_panel, GTK_TYPE_WIDGET)

static GParamSpec *properties [N_PROPS];
static guint signals [N_SIGNALS];

/* The side whose pieces a palette row shows: the first colours' first. */
static CheopsSide
studio_setup_panel_row_side (StudioSetupPanel *self,
                             guint             row)
{
  return row == 0 ? self->green_side : cheops_side_other (self->green_side);
}

static void
palette_draw_cb (GtkDrawingArea *area,
                 cairo_t        *cr,
                 int             width,
                 int             height,
                 gpointer        user_data)
{
  StudioSetupPanel *self = user_data;
  guint slot = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (area), "setup-slot"));
  guint row = slot / PIECE_KINDS;
  CheopsPieceType type = slot % PIECE_KINDS;

  /* The shadow and outline reach about 1.1 times the radius. */
  studio_board_view_draw_piece_mark (cr, self->variant, type, &self->variant->sides[row],
                                     width / 2.0, height / 2.0,
                                     MIN (width, height) / 2.0 * 0.84);
}

/* The name of the colours @side is drawn in (translated). */
static const char *
studio_setup_panel_side_name (StudioSetupPanel *self,
                              CheopsSide        side)
{
  return _(self->variant->sides[side == self->green_side ? 0 : 1].name);
}

/* The rules core's message with its sides named by colour: the core says
 * "the a side" (a side's FEN letter, CheopsSideInfo.letter); the set-up
 * says the name of the colours that side is drawn in ("Green"). */
static char *
studio_setup_panel_name_colours (StudioSetupPanel *self,
                                 const char       *message)
{
  g_autoptr(GString) text = g_string_new (message);

  for (CheopsSide side = CHEOPS_SIDE_A; side < CHEOPS_SIDE_NB; side++)
    {
      g_autofree char *core = g_strdup_printf ("the %c side", self->variant->sides[side].letter);

      g_string_replace (text, core, studio_setup_panel_side_name (self, side), 0);
    }
  return g_string_free (g_steal_pointer (&text), FALSE);
}

/* The text of the FEN field, newly allocated: line breaks (a paste of
 * several lines, the wrapping is not in the text) read as spaces. */
static char *
studio_setup_panel_dup_fen_text (StudioSetupPanel *self)
{
  GtkTextBuffer *buffer = gtk_text_view_get_buffer (self->fen_row);
  GtkTextIter start, end;
  char *text;

  gtk_text_buffer_get_bounds (buffer, &start, &end);
  text = gtk_text_buffer_get_text (buffer, &start, &end, FALSE);
  g_strdelimit (text, "\r\n", ' ');
  return text;
}

static void
studio_setup_panel_set_fen_text (StudioSetupPanel *self,
                                 const char       *text)
{
  GtkTextBuffer *buffer = gtk_text_view_get_buffer (self->fen_row);
  GtkTextIter start;

  gtk_text_buffer_set_text (buffer, text, -1);
  gtk_text_buffer_get_start_iter (buffer, &start);
  gtk_text_buffer_place_cursor (buffer, &start);
}

/* What is wrong with the set-up, in the user's words, from the core's FEN
 * error @error whose message, sides named by colour, is @message ("field:
 * detail", or "field, cell c3: detail").  A board that is not a position
 * (R9) — what the clicks made — says the detail alone, with the cell when
 * the core names one ("On i5: a Sister on a light cell"), where the field
 * and the column ("Column 1: board: …") were FEN jargon; malformed FEN
 * text (typed or pasted) says where in the text, the core's words as they
 * are.  Returns a newly allocated string. */
static char *
studio_setup_panel_say_fen_error (const CheopsError *error,
                                  const char        *message)
{
  const char *detail = strstr (message, ": ");
  const char *cell = NULL;
  g_autofree char *cell_name = NULL;
  g_autofree char *text = NULL;

  if (error->code != CHEOPS_ERROR_FEN_IMPOSSIBLE || detail == NULL || detail[2] == '\0')
    /* Translators: why the FEN text typed or pasted in the set-up is not a
     * position: the character (from 1) where the fault is, then the rules
     * core's message (which names the FEN's field) */
    return g_strdup_printf (_("The FEN text, at character %d: %s"), error->column, message);

  cell = g_strstr_len (message, detail - message, ", cell ");
  if (cell != NULL)
    cell_name = g_strndup (cell + strlen (", cell "), detail - cell - strlen (", cell "));
  detail += 2;
  if (cell_name != NULL)
    /* Translators: why the position set up is not one: a cell's name
     * ("i5"), then what is wrong there ("a Sister on a light cell") */
    return g_strdup_printf (_("On %s: %s"), cell_name, detail);

  /* The detail as a sentence: "Green has 0 Kings, expected exactly 1". */
  text = g_strdup (detail);
  if (g_ascii_islower (text[0]))
    text[0] = g_ascii_toupper (text[0]);
  return g_steal_pointer (&text);
}

/* Shows the problem (or none) under the entry, on Done and in "valid". */
static void
studio_setup_panel_show_problem (StudioSetupPanel *self)
{
  g_autofree char *text = studio_setup_panel_dup_fen_text (self);
  gboolean was_valid = self->problem == NULL;
  CheopsPosition parsed;
  CheopsError error = { 0 };

  g_clear_pointer (&self->problem, g_free);
  if (!cheops_position_from_fen (&parsed, self->variant, text, &error))
    {
      g_autofree char *message = studio_setup_panel_name_colours (self, error.message);

      self->problem = studio_setup_panel_say_fen_error (&error, message);
    }
  else if (!cheops_position_is_reachable (&parsed, &error))
    {
      g_autofree char *message = studio_setup_panel_name_colours (self, error.message);

      /* Translators: the rules core's reason why no game can reach the
       * position set up */
      self->problem = g_strdup_printf (_("Impossible position: %s"), message);
    }

  gtk_label_set_label (self->problem_label, self->problem != NULL ? self->problem : "");
  gtk_widget_set_visible (GTK_WIDGET (self->problem_label), self->problem != NULL);
  if (self->problem != NULL)
    gtk_widget_add_css_class (GTK_WIDGET (self->fen_row), "error");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self->fen_row), "error");

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "setup.done", self->problem == NULL);
  gtk_widget_set_tooltip_text (self->done_button,
                               self->problem != NULL ? self->problem
                                                     : _("Open this position as a new game"));

  if (was_valid != (self->problem == NULL))
    g_object_notify_by_pspec (G_OBJECT (self), properties [PROP_VALID]);
}

static void studio_setup_panel_changed (StudioSetupPanel *self);

/* The extra rows from the position. */
static void
studio_setup_panel_update_extras (StudioSetupPanel *self)
{
  const CheopsVariant *variant = self->variant;

  for (CheopsSide side = CHEOPS_SIDE_A; side < CHEOPS_SIDE_NB; side++)
    for (guint i = 0; i < G_N_ELEMENTS (self->hand_spins[side]) && self->hand_spins[side][i] != NULL; i++)
      gtk_spin_button_set_value (GTK_SPIN_BUTTON (self->hand_spins[side][i]),
                                 self->position.hand[side][variant->drop_kinds[i]]);
  for (int i = 0; i < variant->n_setup_values && i < (int) G_N_ELEMENTS (self->value_widgets); i++)
    {
      int value = variant->f.get_setup_value (&self->position, i);

      if (variant->setup_values[i].is_cell)
        {
          const char *name = value >= 0 && value < variant->board->n_cells
                             ? cheops_variant_cell_name (variant, (CheopsCell) value) : "";

          if (g_strcmp0 (gtk_editable_get_text (GTK_EDITABLE (self->value_widgets[i])), name) != 0)
            gtk_editable_set_text (GTK_EDITABLE (self->value_widgets[i]), name);
        }
      else
        gtk_spin_button_set_value (GTK_SPIN_BUTTON (self->value_widgets[i]), value);
    }
}

/* The side-to-move buttons (and the extra rows) from the position. */
static void
studio_setup_panel_update_side (StudioSetupPanel *self)
{
  gboolean green = self->position.side_to_move == self->green_side;

  self->updating = TRUE;
  gtk_toggle_button_set_active (green ? self->green_button : self->orange_button, TRUE);
  studio_setup_panel_update_extras (self);
  for (guint i = 0; i < self->flag_switches->len; i++)
    gtk_switch_set_active (g_ptr_array_index (self->flag_switches, i),
                           self->variant->f.get_setup_flag != NULL &&
                           self->variant->f.get_setup_flag (&self->position, (int) i));
  self->updating = FALSE;
}

/* A hand count changed: the position takes it (its key made again). */
static void
hand_changed_cb (GtkSpinButton    *spin,
                 StudioSetupPanel *self)
{
  guint slot = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (spin), "setup-hand"));
  CheopsSide side = slot / 8;
  CheopsPieceType type = self->variant->drop_kinds[slot % 8];

  if (self->updating)
    return;
  self->position.hand[side][type] = (uint8_t) gtk_spin_button_get_value_as_int (spin);
  self->position.key = self->variant->f.compute_key (&self->position);
  studio_setup_panel_changed (self);
}

/* A setup value changed: a number, or a cell by its name (empty: none;
 * a name that is no cell leaves the position as it is). */
static void
value_changed_cb (GtkWidget        *widget,
                  StudioSetupPanel *self)
{
  int index = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (widget), "setup-value"));
  int value;

  if (self->updating)
    return;
  if (GTK_IS_SPIN_BUTTON (widget))
    value = gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (widget));
  else
    {
      const char *text = gtk_editable_get_text (GTK_EDITABLE (widget));
      size_t len = 0;
      CheopsCell c = *text != '\0' ? cheops_variant_cell_parse (self->variant, text, &len) : CHEOPS_CELL_NONE;

      if (*text != '\0' && (c == CHEOPS_CELL_NONE || text[len] != '\0'))
        return;
      value = c;
    }
  self->variant->f.set_setup_value (&self->position, index, value);
  studio_setup_panel_changed (self);
}

/* The extra rows for the variant: a count per side and drop kind, a
 * widget per setup value. */
static void
studio_setup_panel_build_extras (StudioSetupPanel *self)
{
  const CheopsVariant *variant = self->variant;

  for (guint i = 0; i < self->extra_rows->len; i++)
    adw_preferences_group_remove (self->extras_group, g_ptr_array_index (self->extra_rows, i));
  g_ptr_array_set_size (self->extra_rows, 0);
  memset (self->hand_spins, 0, sizeof self->hand_spins);
  memset (self->value_widgets, 0, sizeof self->value_widgets);

  for (CheopsSide side = CHEOPS_SIDE_A; side < CHEOPS_SIDE_NB; side++)
    for (guint i = 0; variant->drop_kinds != NULL && variant->drop_kinds[i] != CHEOPS_NO_PIECE_TYPE &&
                      i < G_N_ELEMENTS (self->hand_spins[side]); i++)
      {
        GtkWidget *row = adw_action_row_new ();
        GtkWidget *spin = gtk_spin_button_new_with_range (0, 16, 1);
        /* Translators: a row of the set-up: how many pieces of a kind a
         * side has in hand ("In hand: White Pawn") */
        g_autofree char *title = g_strdup_printf (_("In hand: %s %s"), studio_setup_panel_side_name (self, side),
                                                  _(variant->pieces[variant->drop_kinds[i]].name));

        adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
        gtk_widget_set_valign (spin, GTK_ALIGN_CENTER);
        g_object_set_data (G_OBJECT (spin), "setup-hand", GUINT_TO_POINTER (side * 8 + i));
        g_signal_connect (spin, "value-changed", G_CALLBACK (hand_changed_cb), self);
        adw_action_row_add_suffix (ADW_ACTION_ROW (row), spin);
        adw_preferences_group_add (self->extras_group, row);
        g_ptr_array_add (self->extra_rows, row);
        self->hand_spins[side][i] = spin;
      }

  for (int i = 0; i < variant->n_setup_values && i < (int) G_N_ELEMENTS (self->value_widgets); i++)
    {
      const CheopsSetupValue *value = &variant->setup_values[i];
      GtkWidget *row = adw_action_row_new ();
      GtkWidget *widget;
      g_autofree char *title = NULL;

      if (value->side >= 0)
        /* Translators: a row of the set-up: a side's colour, then what of
         * the position it sets ("White: four-check counter") */
        title = g_strdup_printf (_("%s: %s"), studio_setup_panel_side_name (self, value->side), _(value->name));
      else
        title = g_strdup (_(value->name));
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), value->rule);
      if (value->is_cell)
        {
          widget = gtk_entry_new ();
          gtk_editable_set_width_chars (GTK_EDITABLE (widget), 4);
          gtk_entry_set_placeholder_text (GTK_ENTRY (widget), _("none"));
          g_signal_connect (widget, "changed", G_CALLBACK (value_changed_cb), self);
        }
      else
        {
          widget = gtk_spin_button_new_with_range (0, value->max, 1);
          g_signal_connect (widget, "value-changed", G_CALLBACK (value_changed_cb), self);
        }
      gtk_widget_set_valign (widget, GTK_ALIGN_CENTER);
      g_object_set_data (G_OBJECT (widget), "setup-value", GINT_TO_POINTER (i));
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), widget);
      adw_preferences_group_add (self->extras_group, row);
      g_ptr_array_add (self->extra_rows, row);
      self->value_widgets[i] = widget;
    }

  gtk_widget_set_visible (GTK_WIDGET (self->extras_group), self->extra_rows->len > 0);
}

/* After an edit on the board or with the buttons: the entry shows the FEN
 * of the new position, and the board follows. */
static void
studio_setup_panel_changed (StudioSetupPanel *self)
{
  char fen[CHEOPS_FEN_MAX];

  cheops_position_to_fen (&self->position, fen, sizeof fen);
  self->updating = TRUE;
  studio_setup_panel_set_fen_text (self, fen);
  self->updating = FALSE;

  studio_setup_panel_update_side (self);
  studio_setup_panel_show_problem (self);
  g_signal_emit (self, signals [POSITION_CHANGED], 0);
}

/* A FEN typed or pasted: when the core reads it, the board shows it at
 * once (the text stays as typed); when not, the board keeps the last
 * position and the core's message says what is wrong and where. */
static void
fen_changed_cb (StudioSetupPanel *self)
{
  CheopsPosition parsed;
  g_autofree char *text = NULL;

  if (self->updating)
    return;

  text = studio_setup_panel_dup_fen_text (self);
  if (cheops_position_from_fen (&parsed, self->variant, text, NULL))
    {
      self->position = parsed;
      studio_setup_panel_update_side (self);
      studio_setup_panel_show_problem (self);
      g_signal_emit (self, signals [POSITION_CHANGED], 0);
    }
  else
    studio_setup_panel_show_problem (self);
}

/* Enter in the FEN entry: Done, when the set-up is a position. */
static void
fen_activated_cb (StudioSetupPanel *self)
{
  if (self->problem == NULL)
    gtk_widget_activate_action (GTK_WIDGET (self), "setup.done", NULL);
  else
    gtk_widget_error_bell (GTK_WIDGET (self));
}

/* Enter (a FEN is one line) activates, Shift+Enter too; no line break. */
static gboolean
fen_key_pressed_cb (StudioSetupPanel *self,
                    guint             keyval,
                    guint             keycode,
                    GdkModifierType   state)
{
  if (keyval != GDK_KEY_Return && keyval != GDK_KEY_KP_Enter && keyval != GDK_KEY_ISO_Enter)
    return FALSE;
  fen_activated_cb (self);
  return TRUE;
}

static void
fen_focus_cb (StudioSetupPanel   *self,
              GParamSpec         *pspec,
              GtkEventController *controller)
{
  gboolean typing = gtk_event_controller_focus_contains_focus (GTK_EVENT_CONTROLLER_FOCUS (controller));

  if (self->typing != typing)
    {
      self->typing = typing;
      g_object_notify_by_pspec (G_OBJECT (self), properties [PROP_TYPING]);
    }
}

static void
side_toggled_cb (StudioSetupPanel *self,
                 GtkToggleButton  *button)
{
  if (self->updating || !gtk_toggle_button_get_active (button))
    return;

  studio_setup_panel_set_side_to_move (self,
                                       button == self->green_button ? self->green_side
                                                                    : cheops_side_other (self->green_side));
}

static void
palette_toggled_cb (StudioSetupPanel *self,
                    GtkToggleButton  *button)
{
  if (self->updating || !gtk_toggle_button_get_active (button))
    return;

  if (button == self->eraser_button)
    self->brush = CHEOPS_NO_PIECE;
  else
    for (guint row = 0; row < PALETTE_ROWS; row++)
      for (guint type = 1; type < PIECE_KINDS; type++)
        if (self->piece_buttons[row][type] == button)
          self->brush = cheops_piece_make (studio_setup_panel_row_side (self, row), type);
}

/* The palette's buttons from the brush. */
static void
studio_setup_panel_update_palette (StudioSetupPanel *self)
{
  GtkToggleButton *button = self->eraser_button;

  if (self->brush != CHEOPS_NO_PIECE)
    {
      guint row = cheops_piece_side (self->brush) == self->green_side ? 0 : 1;
      CheopsPieceType type = cheops_piece_type (self->brush);

      if (type < PIECE_KINDS && self->piece_buttons[row][type] != NULL)
        button = self->piece_buttons[row][type];
    }

  self->updating = TRUE;
  gtk_toggle_button_set_active (button, TRUE);
  self->updating = FALSE;
}

static GtkToggleButton *
studio_setup_panel_add_palette_button (StudioSetupPanel *self,
                                       GtkWidget        *child,
                                       const char       *name,
                                       int               column,
                                       int               row,
                                       int               height)
{
  GtkWidget *button = gtk_toggle_button_new ();

  gtk_button_set_child (GTK_BUTTON (button), child);
  gtk_widget_add_css_class (button, "flat");
  gtk_widget_add_css_class (button, "palette-button");
  gtk_widget_set_tooltip_text (button, name);
  gtk_accessible_update_property (GTK_ACCESSIBLE (button),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, name,
                                  -1);
  if (self->eraser_button != NULL)
    gtk_toggle_button_set_group (GTK_TOGGLE_BUTTON (button), self->eraser_button);
  g_signal_connect_object (button, "toggled", G_CALLBACK (palette_toggled_cb), self, G_CONNECT_SWAPPED);
  gtk_grid_attach (self->palette, button, column, row, 1, height);

  return GTK_TOGGLE_BUTTON (button);
}

/* The palette for the variant: each placeable kind in both colours, in
 * the variant's order of kinds, then the eraser. */
static void
studio_setup_panel_build_palette (StudioSetupPanel *self)
{
  GtkWidget *child;
  GtkWidget *eraser;
  int column = 0;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->palette))) != NULL)
    gtk_grid_remove (self->palette, child);
  memset (self->piece_buttons, 0, sizeof self->piece_buttons);
  self->eraser_button = NULL;

  /* The eraser first, so that it leads the buttons' group. */
  eraser = gtk_image_new_from_icon_name ("edit-clear-symbolic");
  gtk_image_set_pixel_size (GTK_IMAGE (eraser), 24);
  self->eraser_button = studio_setup_panel_add_palette_button (self, eraser, _("Eraser"),
                                                               PIECE_KINDS, 0, PALETTE_ROWS);
  gtk_widget_set_margin_start (GTK_WIDGET (self->eraser_button), 8);

  for (CheopsPieceType type = 1; type < self->variant->n_piece_types && type < PIECE_KINDS; type++)
    {
      if (!self->variant->pieces[type].placeable)
        continue;
      for (guint row = 0; row < PALETTE_ROWS; row++)
        {
          GtkWidget *area = gtk_drawing_area_new ();
          /* Translators: a piece of the set-up palette: the name of its
           * side's colour, then its kind ("Green King", "Gold Dome") */
          g_autofree char *name = g_strdup_printf (C_("palette", "%s %s"),
                                                   _(self->variant->sides[row].name),
                                                   _(self->variant->pieces[type].name));

          gtk_drawing_area_set_content_width (GTK_DRAWING_AREA (area), PALETTE_ICON_SIZE);
          gtk_drawing_area_set_content_height (GTK_DRAWING_AREA (area), PALETTE_ICON_SIZE);
          g_object_set_data (G_OBJECT (area), "setup-slot", GUINT_TO_POINTER (row * PIECE_KINDS + type));
          gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (area), palette_draw_cb, self, NULL);
          self->piece_buttons[row][type] =
            studio_setup_panel_add_palette_button (self, area, name, column, row, 1);
        }
      column++;
    }

  /* The eraser after the pieces. */
  gtk_grid_layout_child_set_column (GTK_GRID_LAYOUT_CHILD (gtk_layout_manager_get_layout_child (
                                      gtk_widget_get_layout_manager (GTK_WIDGET (self->palette)),
                                      GTK_WIDGET (self->eraser_button))),
                                    column);
}

static void
flag_switched_cb (StudioSetupPanel *self,
                  GParamSpec       *pspec,
                  GtkSwitch        *button)
{
  if (self->updating)
    return;

  for (guint i = 0; i < self->flag_switches->len; i++)
    if (g_ptr_array_index (self->flag_switches, i) == button)
      studio_setup_panel_set_flag (self, (int) i, gtk_switch_get_active (button));
}

/* The switches of the variant's setup_flags, one row each, named by the
 * colour of their side ("White faraon's right to leap"). */
static void
studio_setup_panel_build_flags (StudioSetupPanel *self)
{
  for (guint i = 0; i < self->flag_rows->len; i++)
    adw_preferences_group_remove (self->position_group, g_ptr_array_index (self->flag_rows, i));
  g_ptr_array_set_size (self->flag_rows, 0);
  g_ptr_array_set_size (self->flag_switches, 0);

  for (int i = 0; i < self->variant->n_setup_flags; i++)
    {
      const CheopsSetupFlag *flag = &self->variant->setup_flags[i];
      GtkWidget *row = adw_action_row_new ();
      GtkWidget *button = gtk_switch_new ();
      g_autofree char *title = NULL;

      if (flag->side >= 0)
        /* Translators: a switch of the set-up: the name of its side's
         * colour, then what it is ("White faraon's right to leap") */
        title = g_strdup_printf (C_("setup switch", "%s %s"),
                                 studio_setup_panel_side_name (self, (CheopsSide) flag->side),
                                 _(flag->name));
      else
        title = g_strdup (_(flag->name));
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
      if (flag->rule != NULL)
        /* Translators: where the rule of a set-up switch is, in the
         * game's rules ("4.3") */
        {
          g_autofree char *subtitle = g_strdup_printf (_("Rule %s"), flag->rule);

          adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
        }
      gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), button);
      adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), button);
      g_signal_connect_object (button, "notify::active", G_CALLBACK (flag_switched_cb), self, G_CONNECT_SWAPPED);
      adw_preferences_group_add (self->position_group, row);
      g_ptr_array_add (self->flag_rows, row);
      g_ptr_array_add (self->flag_switches, button);
    }
}

/* The side-to-move buttons' labels: the first names the side drawn in the
 * variant's first colours. */
static void
studio_setup_panel_label_sides (StudioSetupPanel *self)
{
  gtk_button_set_label (GTK_BUTTON (self->green_button), _(self->variant->sides[0].name));
  gtk_button_set_label (GTK_BUTTON (self->orange_button), _(self->variant->sides[1].name));
}

/* Takes @variant's pieces and names, when they are not those shown. */
static void
studio_setup_panel_set_variant (StudioSetupPanel    *self,
                                const CheopsVariant *variant)
{
  if (self->variant == variant)
    return;

  self->variant = variant;
  studio_setup_panel_build_palette (self);
  studio_setup_panel_label_sides (self);
  studio_setup_panel_build_extras (self);
  studio_setup_panel_build_flags (self);
  /* The brush: the same kind if the variant places it, else the King. */
  if (self->brush != CHEOPS_NO_PIECE &&
      (cheops_piece_type (self->brush) >= PIECE_KINDS ||
       self->piece_buttons[0][cheops_piece_type (self->brush)] == NULL))
    self->brush = cheops_piece_make (cheops_piece_side (self->brush), CHEOPS_KING);
  studio_setup_panel_update_palette (self);
}

static void
studio_setup_panel_actions (GtkWidget  *widget,
                            const char *action_name,
                            GVariant   *param)
{
  StudioSetupPanel *self = (StudioSetupPanel *)widget;

  if (g_str_equal (action_name, "setup.clear"))
    studio_setup_panel_clear (self);
  else if (g_str_equal (action_name, "setup.initial"))
    studio_setup_panel_reset (self);
  else if (g_str_equal (action_name, "setup.cancel"))
    g_signal_emit (self, signals [CANCEL], 0);
  else if (g_str_equal (action_name, "setup.flip"))
    g_signal_emit (self, signals [FLIP], 0);
  else if (g_str_equal (action_name, "setup.done") && self->problem == NULL)
    g_signal_emit (self, signals [DONE], 0);
}

static void
studio_setup_panel_dispose (GObject *object)
{
  StudioSetupPanel *self = (StudioSetupPanel *)object;
  GtkWidget *child;

  gtk_widget_dispose_template (GTK_WIDGET (self), STUDIO_TYPE_SETUP_PANEL);
  /* The template's unnamed children (the separator, the button bar). */
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);

  G_OBJECT_CLASS (studio_setup_panel_parent_class)->dispose (object);
}

static void
studio_setup_panel_finalize (GObject *object)
{
  StudioSetupPanel *self = (StudioSetupPanel *)object;

  g_clear_pointer (&self->problem, g_free);
  g_clear_pointer (&self->pieces_description, g_free);
  g_clear_pointer (&self->extra_rows, g_ptr_array_unref);
  g_clear_pointer (&self->flag_rows, g_ptr_array_unref);
  g_clear_pointer (&self->flag_switches, g_ptr_array_unref);

  G_OBJECT_CLASS (studio_setup_panel_parent_class)->finalize (object);
}

static void
studio_setup_panel_get_property (GObject    *object,
                                 guint       prop_id,
                                 GValue     *value,
                                 GParamSpec *pspec)
{
  StudioSetupPanel *self = STUDIO_SETUP_PANEL (object);

  switch (prop_id)
    {
    case PROP_VALID:
      g_value_set_boolean (value, studio_setup_panel_get_valid (self));
      break;

    case PROP_GREEN_SIDE:
      g_value_set_int (value, self->green_side);
      break;

    case PROP_TYPING:
      g_value_set_boolean (value, self->typing);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
studio_setup_panel_set_property (GObject      *object,
                                 guint         prop_id,
                                 const GValue *value,
                                 GParamSpec   *pspec)
{
  StudioSetupPanel *self = STUDIO_SETUP_PANEL (object);

  switch (prop_id)
    {
    case PROP_GREEN_SIDE:
      studio_setup_panel_set_green_side (self, g_value_get_int (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
studio_setup_panel_class_init (StudioSetupPanelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = studio_setup_panel_dispose;
  object_class->finalize = studio_setup_panel_finalize;
  object_class->get_property = studio_setup_panel_get_property;
  object_class->set_property = studio_setup_panel_set_property;

  /**
   * StudioSetupPanel:valid:
   *
   * Whether the core reads the FEN of the set-up as a position.
   */
  properties [PROP_VALID] =
    g_param_spec_boolean ("valid", NULL, NULL,
                          TRUE,
                          (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * StudioSetupPanel:green-side:
   *
   * The side (a CheopsSide) drawn in the colours of the variant's first
   * side (Cheops 6.2: the side that plays Green).
   */
  properties [PROP_GREEN_SIDE] =
    g_param_spec_int ("green-side", NULL, NULL,
                      CHEOPS_SIDE_A, CHEOPS_SIDE_B, CHEOPS_SIDE_A,
                      (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * StudioSetupPanel:typing:
   *
   * Whether the FEN entry has the keyboard focus: the window's one-letter
   * shortcuts (F flips the board) must then let the letters through.
   */
  properties [PROP_TYPING] =
    g_param_spec_boolean ("typing", NULL, NULL,
                          FALSE,
                          (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * StudioSetupPanel::position-changed:
   *
   * The position being set up has changed (on the board, with a button or
   * through the FEN entry): show studio_setup_panel_get_position().
   */
  signals [POSITION_CHANGED] =
    g_signal_new ("position-changed",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 0);

  /**
   * StudioSetupPanel::done:
   *
   * The user accepted the set-up, which the core reads as a position.
   */
  signals [DONE] =
    g_signal_new ("done",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 0);

  /**
   * StudioSetupPanel::cancel:
   *
   * The user gave up the set-up.
   */
  signals [CANCEL] =
    g_signal_new ("cancel",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 0);

  /**
   * StudioSetupPanel::flip:
   *
   * The user asked to flip the board (which is not the panel's: its Flip
   * works even while typing, when the window's F is off).
   */
  signals [FLIP] =
    g_signal_new ("flip",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 0);

  gtk_widget_class_set_template_from_resource (widget_class, "/org/cheops/Studio/studio-setup-panel.ui");
  gtk_widget_class_bind_template_child (widget_class, StudioSetupPanel, scroller);
  gtk_widget_class_bind_template_child (widget_class, StudioSetupPanel, columns);
  gtk_widget_class_bind_template_child (widget_class, StudioSetupPanel, pieces_group);
  gtk_widget_class_bind_template_child (widget_class, StudioSetupPanel, palette);
  gtk_widget_class_bind_template_child (widget_class, StudioSetupPanel, green_button);
  gtk_widget_class_bind_template_child (widget_class, StudioSetupPanel, orange_button);
  gtk_widget_class_bind_template_child (widget_class, StudioSetupPanel, fen_row);
  gtk_widget_class_bind_template_child (widget_class, StudioSetupPanel, fen_bin);
  gtk_widget_class_bind_template_child (widget_class, StudioSetupPanel, problem_label);
  gtk_widget_class_bind_template_child (widget_class, StudioSetupPanel, done_button);
  gtk_widget_class_bind_template_child (widget_class, StudioSetupPanel, extras_group);
  gtk_widget_class_bind_template_child (widget_class, StudioSetupPanel, position_group);
  gtk_widget_class_bind_template_callback (widget_class, side_toggled_cb);

  gtk_widget_class_install_action (widget_class, "setup.clear", NULL, studio_setup_panel_actions);
  gtk_widget_class_install_action (widget_class, "setup.initial", NULL, studio_setup_panel_actions);
  gtk_widget_class_install_action (widget_class, "setup.cancel", NULL, studio_setup_panel_actions);
  gtk_widget_class_install_action (widget_class, "setup.done", NULL, studio_setup_panel_actions);
  gtk_widget_class_install_action (widget_class, "setup.flip", NULL, studio_setup_panel_actions);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BOX_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "setuppanel");
}

/* A wrapped GtkTextView measures its height from the lines laid out at
 * its last width, not for the width it is offered, and the FEN's second
 * line was clipped (issue 21): its parent asks for the height of the
 * whole text wrapped at the width offered (height for width). */
static GtkSizeRequestMode
fen_bin_request_mode (GtkWidget *widget)
{
  return GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH;
}

static void
fen_bin_measure (GtkWidget      *widget,
                 GtkOrientation  orientation,
                 int             for_size,
                 int            *minimum,
                 int            *natural,
                 int            *minimum_baseline,
                 int            *natural_baseline)
{
  GtkWidget *child = gtk_widget_get_first_child (widget);
  GtkTextView *view = GTK_TEXT_VIEW (child);

  gtk_widget_measure (child, orientation, for_size, minimum, natural, NULL, NULL);
  if (orientation == GTK_ORIENTATION_VERTICAL && for_size > 0)
    {
      GtkTextBuffer *buffer = gtk_text_view_get_buffer (view);
      g_autoptr(PangoLayout) layout = NULL;
      g_autofree char *text = NULL;
      GtkTextIter start, end;
      int width = for_size - gtk_text_view_get_left_margin (view) - gtk_text_view_get_right_margin (view);
      int height;

      gtk_text_buffer_get_bounds (buffer, &start, &end);
      text = gtk_text_buffer_get_text (buffer, &start, &end, FALSE);
      layout = gtk_widget_create_pango_layout (child, text[0] != '\0' ? text : " ");
      pango_layout_set_width (layout, MAX (1, width) * PANGO_SCALE);
      pango_layout_set_wrap (layout, PANGO_WRAP_CHAR);
      pango_layout_get_pixel_size (layout, NULL, &height);
      height += gtk_text_view_get_top_margin (view) + gtk_text_view_get_bottom_margin (view);
      *minimum = MAX (*minimum, height);
      *natural = MAX (*natural, height);
    }
  *minimum_baseline = *natural_baseline = -1;
}

static void
fen_bin_allocate (GtkWidget *widget,
                  int        width,
                  int        height,
                  int        baseline)
{
  gtk_widget_allocate (gtk_widget_get_first_child (widget), width, height, baseline, NULL);
}

static void
studio_setup_panel_init (StudioSetupPanel *self)
{
  GtkLayoutManager *layout;
  GtkEventController *focus;

  gtk_widget_init_template (GTK_WIDGET (self));
  self->extra_rows = g_ptr_array_new ();
  self->flag_rows = g_ptr_array_new ();
  self->flag_switches = g_ptr_array_new ();

  focus = gtk_event_controller_focus_new ();
  g_signal_connect_object (focus, "notify::contains-focus", G_CALLBACK (fen_focus_cb), self, G_CONNECT_SWAPPED);
  gtk_widget_add_controller (GTK_WIDGET (self->fen_row), focus);

  {
    GtkEventController *keys = gtk_event_controller_key_new ();

    g_signal_connect_object (keys, "key-pressed", G_CALLBACK (fen_key_pressed_cb), self, G_CONNECT_SWAPPED);
    gtk_widget_add_controller (GTK_WIDGET (self->fen_row), keys);
  }
  g_signal_connect_object (gtk_text_view_get_buffer (self->fen_row), "changed",
                           G_CALLBACK (fen_changed_cb), self, G_CONNECT_SWAPPED);
  gtk_widget_set_layout_manager (self->fen_bin,
                                 gtk_custom_layout_new (fen_bin_request_mode, fen_bin_measure, fen_bin_allocate));
  g_signal_connect_object (gtk_text_view_get_buffer (self->fen_row), "changed",
                           G_CALLBACK (gtk_widget_queue_resize), self->fen_bin, G_CONNECT_SWAPPED);

  layout = gtk_widget_get_layout_manager (GTK_WIDGET (self));
  gtk_orientable_set_orientation (GTK_ORIENTABLE (layout), GTK_ORIENTATION_VERTICAL);

  self->green_side = CHEOPS_SIDE_A;
  self->brush = cheops_piece_make (CHEOPS_SIDE_A, CHEOPS_KING);
  studio_setup_panel_set_variant (self, cheops_variants[0]);

  cheops_position_init_start (&self->position, self->variant);
  studio_setup_panel_changed (self);
}

/**
 * studio_setup_panel_new:
 *
 * Returns: (transfer floating): a set-up panel holding the initial position
 *   of the first variant (cheops_variants[0])
 */
GtkWidget *
studio_setup_panel_new (void)
{
  return g_object_new (STUDIO_TYPE_SETUP_PANEL, NULL);
}

/**
 * studio_setup_panel_set_position:
 * @self: a #StudioSetupPanel
 * @position: the position to start from (copied), with its side to move
 *   and counters
 *
 * Starts the set-up from @position, in its variant: the palette offers
 * that variant's pieces, the FEN is read by its rules.  Emits
 * ::position-changed.
 */
void
studio_setup_panel_set_position (StudioSetupPanel     *self,
                                 const CheopsPosition *position)
{
  g_return_if_fail (STUDIO_IS_SETUP_PANEL (self));
  g_return_if_fail (position != NULL);

  studio_setup_panel_set_variant (self, position->variant);
  self->position = *position;
  studio_setup_panel_changed (self);
}

/**
 * studio_setup_panel_get_position:
 * @self: a #StudioSetupPanel
 *
 * The position as set up on the board, or as last read from the entry
 * (while the entry holds text the core does not read, the board keeps the
 * last position).  It may not be a position of the game — a King may be
 * missing: see studio_setup_panel_get_valid().
 *
 * Returns: (transfer none): the position being set up
 */
const CheopsPosition *
studio_setup_panel_get_position (StudioSetupPanel *self)
{
  g_return_val_if_fail (STUDIO_IS_SETUP_PANEL (self), NULL);

  return &self->position;
}

/**
 * studio_setup_panel_dup_fen:
 * @self: a #StudioSetupPanel
 *
 * Returns: (transfer full): the text of the FEN entry: the FEN of the
 *   set-up (DESIGN.md section 3), or what the user typed there
 */
char *
studio_setup_panel_dup_fen (StudioSetupPanel *self)
{
  g_return_val_if_fail (STUDIO_IS_SETUP_PANEL (self), NULL);

  return studio_setup_panel_dup_fen_text (self);
}

/**
 * studio_setup_panel_set_fen:
 * @self: a #StudioSetupPanel
 * @text: a FEN, as the user would type or paste it in the entry
 *
 * Puts @text in the FEN entry, as typing it would: when the core reads it
 * the set-up becomes that position; when not, the problem is shown.
 */
void
studio_setup_panel_set_fen (StudioSetupPanel *self,
                            const char       *text)
{
  g_return_if_fail (STUDIO_IS_SETUP_PANEL (self));
  g_return_if_fail (text != NULL);

  studio_setup_panel_set_fen_text (self, text);
}

/**
 * studio_setup_panel_get_valid:
 * @self: a #StudioSetupPanel
 *
 * Returns: whether the core reads the FEN of the set-up as a position
 *   (then Done is enabled)
 */
gboolean
studio_setup_panel_get_valid (StudioSetupPanel *self)
{
  g_return_val_if_fail (STUDIO_IS_SETUP_PANEL (self), FALSE);

  return self->problem == NULL;
}

/**
 * studio_setup_panel_get_problem:
 * @self: a #StudioSetupPanel
 *
 * Returns: (nullable): why the set-up is not a position — "Column N: " and
 *   the core's message — or %NULL if it is one
 */
const char *
studio_setup_panel_get_problem (StudioSetupPanel *self)
{
  g_return_val_if_fail (STUDIO_IS_SETUP_PANEL (self), NULL);

  return self->problem;
}

/**
 * studio_setup_panel_get_typing:
 * @self: a #StudioSetupPanel
 *
 * Returns: whether the FEN entry has the keyboard focus
 */
gboolean
studio_setup_panel_get_typing (StudioSetupPanel *self)
{
  g_return_val_if_fail (STUDIO_IS_SETUP_PANEL (self), FALSE);

  return self->typing;
}

/**
 * studio_setup_panel_get_green_side:
 * @self: a #StudioSetupPanel
 *
 * Returns: the side drawn in the colours of the variant's first side (in
 *   Cheops, Green)
 */
CheopsSide
studio_setup_panel_get_green_side (StudioSetupPanel *self)
{
  g_return_val_if_fail (STUDIO_IS_SETUP_PANEL (self), CHEOPS_SIDE_A);

  return self->green_side;
}

/**
 * studio_setup_panel_set_green_side:
 * @self: a #StudioSetupPanel
 * @side: the side drawn in the colours of the variant's first side, as on
 *   the board (Cheops 6.2: which side is Green)
 *
 * The palette's first row and the first side-to-move button are that
 * side's.
 */
void
studio_setup_panel_set_green_side (StudioSetupPanel *self,
                                   CheopsSide        side)
{
  g_return_if_fail (STUDIO_IS_SETUP_PANEL (self));
  g_return_if_fail (side == CHEOPS_SIDE_A || side == CHEOPS_SIDE_B);

  if (self->green_side == side)
    return;

  self->green_side = side;
  for (guint row = 0; row < PALETTE_ROWS; row++)
    for (guint type = 1; type < PIECE_KINDS; type++)
      if (self->piece_buttons[row][type] != NULL)
        gtk_widget_queue_draw (gtk_button_get_child (GTK_BUTTON (self->piece_buttons[row][type])));
  studio_setup_panel_update_palette (self);
  studio_setup_panel_update_side (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties [PROP_GREEN_SIDE]);
}

/**
 * studio_setup_panel_get_brush:
 * @self: a #StudioSetupPanel
 *
 * Returns: the piece chosen in the palette, or CHEOPS_NO_PIECE for the
 *   eraser
 */
CheopsPiece
studio_setup_panel_get_brush (StudioSetupPanel *self)
{
  g_return_val_if_fail (STUDIO_IS_SETUP_PANEL (self), CHEOPS_NO_PIECE);

  return self->brush;
}

/**
 * studio_setup_panel_set_brush:
 * @self: a #StudioSetupPanel
 * @piece: a piece, or CHEOPS_NO_PIECE for the eraser
 *
 * Chooses what a click on the board puts down, as a click in the palette
 * does.
 */
void
studio_setup_panel_set_brush (StudioSetupPanel *self,
                              CheopsPiece       piece)
{
  g_return_if_fail (STUDIO_IS_SETUP_PANEL (self));
  g_return_if_fail (piece == CHEOPS_NO_PIECE ||
                    (cheops_piece_type (piece) >= 1 &&
                     cheops_piece_type (piece) < self->variant->n_piece_types &&
                     cheops_piece_side (piece) < CHEOPS_SIDE_NB));

  self->brush = piece;
  studio_setup_panel_update_palette (self);
}

/**
 * studio_setup_panel_put:
 * @self: a #StudioSetupPanel
 * @cell: a cell of the variant's board
 * @piece: the piece to put there, or CHEOPS_NO_PIECE to empty it
 *
 * Puts @piece on @cell, whatever stood there.  Any piece may go anywhere:
 * whether the result is a position is the core's to say (the problem).
 * Emits ::position-changed.
 */
void
studio_setup_panel_put (StudioSetupPanel *self,
                        CheopsCell        cell,
                        CheopsPiece       piece)
{
  g_return_if_fail (STUDIO_IS_SETUP_PANEL (self));
  g_return_if_fail (cell < (CheopsCell) self->variant->board->n_cells);

  cheops_position_put (&self->position, cell, piece);
  studio_setup_panel_changed (self);
}

/**
 * studio_setup_panel_click_cell:
 * @self: a #StudioSetupPanel
 * @cell: the cell clicked on the board
 * @primary: %TRUE for the primary button
 *
 * A click on the board: the primary button puts the palette's piece down,
 * or takes it away if the same piece stands there already (the eraser
 * empties the cell); the secondary button empties the cell.  Where pieces
 * stack (the variant's stack_piece, Pyramids 3.3), the palette's piece is
 * put onto a stack of its side that can take it, and taken off a stack
 * that holds it (the rest stays); a piece that cannot join replaces what
 * stood there.
 */
void
studio_setup_panel_click_cell (StudioSetupPanel *self,
                               CheopsCell        cell,
                               gboolean          primary)
{
  CheopsPiece piece = CHEOPS_NO_PIECE;

  g_return_if_fail (STUDIO_IS_SETUP_PANEL (self));
  g_return_if_fail (cell < (CheopsCell) self->variant->board->n_cells);

  if (primary && self->position.board[cell] != self->brush)
    piece = self->brush;

  if (primary && self->brush != CHEOPS_NO_PIECE && self->position.board[cell] != CHEOPS_NO_PIECE &&
      self->variant->f.stack_piece != NULL && self->variant->f.unstack_piece != NULL)
    {
      CheopsPiece there = self->position.board[cell];
      CheopsPiece rest = self->variant->f.unstack_piece (there, self->brush);
      CheopsPiece stacked = self->variant->f.stack_piece (there, self->brush);

      if (rest != there)
        piece = rest;
      else if (stacked != CHEOPS_NO_PIECE)
        piece = stacked;
    }

  studio_setup_panel_put (self, cell, piece);
}

/**
 * studio_setup_panel_move_piece:
 * @self: a #StudioSetupPanel
 * @from: the cell of the piece dragged
 * @to: the cell it was dropped on, or CHEOPS_CELL_NONE off the board
 *
 * Moves the piece on @from to @to (replacing what stood there), or off the
 * board.  No rule of movement applies: this is setting up, not playing.
 */
void
studio_setup_panel_move_piece (StudioSetupPanel *self,
                               CheopsCell        from,
                               CheopsCell        to)
{
  CheopsPiece piece;

  g_return_if_fail (STUDIO_IS_SETUP_PANEL (self));
  g_return_if_fail (from < (CheopsCell) self->variant->board->n_cells);

  if (from == to)
    return;

  piece = self->position.board[from];
  cheops_position_put (&self->position, from, CHEOPS_NO_PIECE);
  if (to < (CheopsCell) self->variant->board->n_cells)
    cheops_position_put (&self->position, to, piece);
  studio_setup_panel_changed (self);
}

/**
 * studio_setup_panel_get_flag:
 * @self: a #StudioSetupPanel
 * @index: a set-up switch of the variant (0 .. n_setup_flags - 1)
 *
 * Returns: whether the switch is on in the set-up (Pyramids: that
 *   faraon's right, 4.3)
 */
gboolean
studio_setup_panel_get_flag (StudioSetupPanel *self,
                             int               index)
{
  g_return_val_if_fail (STUDIO_IS_SETUP_PANEL (self), FALSE);
  g_return_val_if_fail (index >= 0 && index < self->variant->n_setup_flags, FALSE);

  return self->variant->f.get_setup_flag != NULL &&
         self->variant->f.get_setup_flag (&self->position, index);
}

/**
 * studio_setup_panel_set_flag:
 * @self: a #StudioSetupPanel
 * @index: a set-up switch of the variant (0 .. n_setup_flags - 1)
 * @on: whether to turn it on
 *
 * Turns a switch of the set-up on or off, as its switch does; emits
 * ::position-changed.
 */
void
studio_setup_panel_set_flag (StudioSetupPanel *self,
                             int               index,
                             gboolean          on)
{
  g_return_if_fail (STUDIO_IS_SETUP_PANEL (self));
  g_return_if_fail (index >= 0 && index < self->variant->n_setup_flags);

  if (self->variant->f.set_setup_flag == NULL)
    return;
  self->variant->f.set_setup_flag (&self->position, index, on);
  studio_setup_panel_changed (self);
}

/**
 * studio_setup_panel_set_side_to_move:
 * @self: a #StudioSetupPanel
 * @side: the side to move
 */
void
studio_setup_panel_set_side_to_move (StudioSetupPanel *self,
                                     CheopsSide        side)
{
  g_return_if_fail (STUDIO_IS_SETUP_PANEL (self));
  g_return_if_fail (side == CHEOPS_SIDE_A || side == CHEOPS_SIDE_B);

  cheops_position_set_side (&self->position, side);
  studio_setup_panel_changed (self);
}

/**
 * studio_setup_panel_clear:
 * @self: a #StudioSetupPanel
 *
 * Takes every piece off the board (Clear Board); the side to move stays,
 * the counters go back to 0 and 1.
 */
void
studio_setup_panel_clear (StudioSetupPanel *self)
{
  CheopsSide side;

  g_return_if_fail (STUDIO_IS_SETUP_PANEL (self));

  side = self->position.side_to_move;
  cheops_position_clear (&self->position, self->variant);
  cheops_position_set_side (&self->position, side);
  studio_setup_panel_changed (self);
}

/**
 * studio_setup_panel_reset:
 * @self: a #StudioSetupPanel
 *
 * Sets up the variant's initial position (its start_fen, with its side to
 * move: Initial Position).
 */
void
studio_setup_panel_reset (StudioSetupPanel *self)
{
  g_return_if_fail (STUDIO_IS_SETUP_PANEL (self));

  cheops_position_init_start (&self->position, self->variant);
  studio_setup_panel_changed (self);
}

/**
 * studio_setup_panel_set_columns:
 * @self: a #StudioSetupPanel
 * @n_columns: 1 (the pieces above the position) or 2 (side by side)
 *
 * Lays the panel out in one column (beside the board) or two (under the
 * board of a narrow window, where the height is short: the palette and
 * the position's FEN both in view; the palette's how-to text is left out
 * there, to be shown again in one column).
 */
void
studio_setup_panel_set_columns (StudioSetupPanel *self,
                                guint             n_columns)
{
  GtkOrientation orientation = n_columns >= 2 ? GTK_ORIENTATION_HORIZONTAL : GTK_ORIENTATION_VERTICAL;

  g_return_if_fail (STUDIO_IS_SETUP_PANEL (self));

  if (gtk_orientable_get_orientation (GTK_ORIENTABLE (self->columns)) == orientation)
    return;
  gtk_orientable_set_orientation (GTK_ORIENTABLE (self->columns), orientation);
  if (n_columns >= 2)
    {
      g_free (self->pieces_description);
      self->pieces_description = g_strdup (adw_preferences_group_get_description (self->pieces_group));
      adw_preferences_group_set_description (self->pieces_group, NULL);
    }
  else if (self->pieces_description != NULL)
    {
      adw_preferences_group_set_description (self->pieces_group, self->pieces_description);
      g_clear_pointer (&self->pieces_description, g_free);
    }
}

/**
 * studio_setup_panel_get_columns:
 * @self: a #StudioSetupPanel
 *
 * Returns: how many columns the panel is laid out in: 1 or 2
 */
guint
studio_setup_panel_get_columns (StudioSetupPanel *self)
{
  g_return_val_if_fail (STUDIO_IS_SETUP_PANEL (self), 1);

  return gtk_orientable_get_orientation (GTK_ORIENTABLE (self->columns)) == GTK_ORIENTATION_HORIZONTAL ? 2 : 1;
}
