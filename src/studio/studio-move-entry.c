/* studio-move-entry.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Keyboard move entry (issue 14, as Lichess's keyboard input): a popover
 * with an entry where the user types a move in the game's record notation
 * or machine move text, and under it the legal moves that begin with what
 * is typed (all of them before anything is typed), each as the core writes it (cheops_move_to_san(),
 * cheops_move_to_text(): "Mxf5+", Cypher chess's "Sd3,Rc0" and "P@c5",
 * a Pyramids part move).  Nothing here reads game notation: the candidates
 * are the core's moves and their texts, compared as strings.  Enter plays
 * the move whose text is the one typed, or the only candidate, or the one
 * selected; a click on a candidate plays it.
 */
#define G_LOG_DOMAIN "studio-move-entry"

#include "studio-config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "cheops-game-model.h"
#include "studio-move-entry.h"

#define MAX_SHOWN 12
/* The most height the candidates take, in pixels: about six rows; more
 * scroll. */
#define MAX_SHOWN_HEIGHT 200

typedef struct {
  GtkWidget      *popover;    /* the popover that owns this */
  StudioDocument *document;   /* weak: the window's */
  GtkEntry       *entry;
  GtkListBox     *list;
  GtkScrolledWindow *scroller; /* the list's */
  GtkLabel       *message;
  GArray         *moves;      /* CheopsMove, the candidates shown, in order */
  StudioMoveEntryTake take;  /* takes a move instead of the game, or NULL */
  gpointer        take_data;
} MoveEntry;

static MoveEntry *
get_entry (GtkWidget *popover)
{
  return g_object_get_data (G_OBJECT (popover), "studio-move-entry");
}

/* Whether @typed begins @text: exactly, or else ignoring case when
 * @fold. */
static gboolean
begins (const char *text,
        const char *typed,
        gboolean    fold)
{
  gsize n = strlen (typed);

  return fold ? g_ascii_strncasecmp (text, typed, n) == 0 : strncmp (text, typed, n) == 0;
}

/* The legal moves of the current position whose record notation or move
 * text begins with @typed (exactly; ignoring case when none does), into
 * @moves, with the number of those whose text is @typed exactly. */
static void
find_candidates (MoveEntry  *self,
                 const char *typed,
                 GArray     *moves,
                 guint      *n_exact)
{
  CheopsGameNode *node = studio_document_get_current (self->document);
  const CheopsPosition *pos = cheops_game_node_get_position (node);
  guint n_moves;
  const CheopsMove *all = cheops_game_node_get_moves (node, &n_moves);

  *n_exact = 0;
  for (int fold = 0; fold < 2 && moves->len == 0; fold++)
    for (guint i = 0; i < n_moves; i++)
      {
        char san[CHEOPS_SAN_MAX];
        char text[CHEOPS_MOVE_TEXT_MAX];

        cheops_move_to_san (pos, all[i], san);
        cheops_move_to_text (pos->variant, all[i], text);
        if (begins (san, typed, fold) || begins (text, typed, fold))
          {
            g_array_append_val (moves, all[i]);
            if (fold ? (g_ascii_strcasecmp (san, typed) == 0 || g_ascii_strcasecmp (text, typed) == 0)
                     : (strcmp (san, typed) == 0 || strcmp (text, typed) == 0))
              (*n_exact)++;
          }
      }
}

static void
refill (MoveEntry *self)
{
  const char *typed = gtk_editable_get_text (GTK_EDITABLE (self->entry));
  CheopsGameNode *node = studio_document_get_current (self->document);
  const CheopsPosition *pos = cheops_game_node_get_position (node);
  GtkWidget *child;
  guint n_exact;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->list))) != NULL)
    gtk_list_box_remove (self->list, child);
  g_array_set_size (self->moves, 0);
  gtk_label_set_text (self->message, "");
  gtk_widget_set_visible (GTK_WIDGET (self->message), FALSE);

  /* Nothing typed: every legal move (none selected: Enter plays nothing
   * until one is chosen with the arrows). */
  find_candidates (self, typed, self->moves, &n_exact);
  for (guint i = 0; i < self->moves->len && i < MAX_SHOWN; i++)
    {
      char san[CHEOPS_SAN_MAX];
      char text[CHEOPS_MOVE_TEXT_MAX];
      g_autofree char *label = NULL;
      GtkWidget *row;
      CheopsMove move = g_array_index (self->moves, CheopsMove, i);

      cheops_move_to_san (pos, move, san);
      cheops_move_to_text (pos->variant, move, text);
      label = strcmp (san, text) != 0 ? g_strdup_printf ("%s  (%s)", san, text) : g_strdup (san);
      row = gtk_label_new (label);
      gtk_label_set_xalign (GTK_LABEL (row), 0);
      gtk_list_box_append (self->list, row);
    }
  if (self->moves->len > MAX_SHOWN)
    {
      g_autofree char *more = g_strdup_printf (ngettext ("and %u more", "and %u more",
                                                         self->moves->len - MAX_SHOWN),
                                               self->moves->len - MAX_SHOWN);

      gtk_label_set_text (self->message, more);
      gtk_widget_set_visible (GTK_WIDGET (self->message), TRUE);
    }
  else if (self->moves->len == 0)
    {
      g_autofree char *none = g_strdup_printf (_("No legal move begins with “%s”"), typed);

      gtk_label_set_text (self->message, none);
      gtk_widget_set_visible (GTK_WIDGET (self->message), TRUE);
    }
  if (self->moves->len > 0 && typed[0] != 0)
    gtk_list_box_select_row (self->list, gtk_list_box_get_row_at_index (self->list, 0));
  gtk_adjustment_set_value (gtk_scrolled_window_get_vadjustment (self->scroller), 0);
  /* Its parent (the board) does not lay the popover out: it takes its new
   * size here. */
  if (gtk_widget_get_visible (self->popover))
    gtk_popover_present (GTK_POPOVER (self->popover));
}

static gboolean
play_move (GtkWidget  *popover,
           CheopsMove  move)
{
  MoveEntry *self = get_entry (popover);
  g_autoptr(GError) error = NULL;

  /* Taken by another (Learn from Your Mistakes' answer): not a move of
   * the game. */
  if (self->take != NULL && self->take (move, self->take_data))
    {
      gtk_popover_popdown (GTK_POPOVER (popover));
      return TRUE;
    }
  if (studio_document_play_move (self->document, move, &error) == NULL)
    {
      gtk_label_set_text (self->message, error->message);
      gtk_widget_set_visible (GTK_WIDGET (self->message), TRUE);
      return FALSE;
    }
  gtk_popover_popdown (GTK_POPOVER (popover));
  return TRUE;
}

/**
 * studio_move_entry_play:
 * @entry_popover: the popover of studio_move_entry_new()
 *
 * Plays what is typed (Enter): the legal move whose record notation or move
 * text is the text typed, else the only candidate, else the candidate
 * selected; then closes the popover.  With nothing typed, the list holds
 * every legal move and only one selected (with the arrow keys) is played.
 *
 * Returns: %TRUE if a move was played; %FALSE (the popover stays open and
 *   says why) when the text names no move, or several with none selected.
 */
gboolean
studio_move_entry_play (GtkWidget *entry_popover)
{
  MoveEntry *self = get_entry (entry_popover);
  const char *typed = gtk_editable_get_text (GTK_EDITABLE (self->entry));
  g_autoptr(GArray) moves = g_array_new (FALSE, FALSE, sizeof (CheopsMove));
  GtkListBoxRow *row;
  guint n_exact;

  row = gtk_list_box_get_selected_row (self->list);
  if (typed[0] == 0)
    return row != NULL && play_move (entry_popover, g_array_index (self->moves, CheopsMove,
                                                                   gtk_list_box_row_get_index (row)));
  find_candidates (self, typed, moves, &n_exact);
  if (moves->len == 1)
    return play_move (entry_popover, g_array_index (moves, CheopsMove, 0));
  if (n_exact == 1)
    {
      CheopsGameNode *node = studio_document_get_current (self->document);
      const CheopsPosition *pos = cheops_game_node_get_position (node);

      for (guint i = 0; i < moves->len; i++)
        {
          char san[CHEOPS_SAN_MAX];
          char text[CHEOPS_MOVE_TEXT_MAX];
          CheopsMove move = g_array_index (moves, CheopsMove, i);

          cheops_move_to_san (pos, move, san);
          cheops_move_to_text (pos->variant, move, text);
          if (g_ascii_strcasecmp (san, typed) == 0 || g_ascii_strcasecmp (text, typed) == 0)
            return play_move (entry_popover, move);
        }
    }
  if (row != NULL && moves->len > 0)
    return play_move (entry_popover, g_array_index (self->moves, CheopsMove, gtk_list_box_row_get_index (row)));
  return FALSE;
}

static void
entry_activate_cb (GtkEntry  *entry,
                   GtkWidget *popover)
{
  studio_move_entry_play (popover);
}

static void
entry_changed_cb (GtkEditable *editable,
                  GtkWidget   *popover)
{
  refill (get_entry (popover));
}

static void
row_activated_cb (GtkListBox    *list,
                  GtkListBoxRow *row,
                  GtkWidget     *popover)
{
  MoveEntry *self = get_entry (popover);
  int index = gtk_list_box_row_get_index (row);

  if (index >= 0 && (guint) index < self->moves->len)
    play_move (popover, g_array_index (self->moves, CheopsMove, index));
}

/* Scrolls the candidates so that row @index shows whole. */
static void
scroll_to_row (MoveEntry *self,
               int        index)
{
  GtkWidget *row = GTK_WIDGET (gtk_list_box_get_row_at_index (self->list, index));
  GtkAdjustment *adj = gtk_scrolled_window_get_vadjustment (self->scroller);
  graphene_rect_t bounds;
  double top, page = gtk_adjustment_get_page_size (adj);

  if (row == NULL || !gtk_widget_compute_bounds (row, GTK_WIDGET (self->list), &bounds))
    return;
  top = gtk_adjustment_get_value (adj);
  if (bounds.origin.y < top)
    gtk_adjustment_set_value (adj, bounds.origin.y);
  else if (bounds.origin.y + bounds.size.height > top + page)
    gtk_adjustment_set_value (adj, bounds.origin.y + bounds.size.height - page);
}

/* Up and Down in the entry choose among the candidates. */
static gboolean
entry_key_pressed_cb (GtkEventControllerKey *controller,
                      guint                  keyval,
                      guint                  keycode,
                      GdkModifierType        state,
                      GtkWidget             *popover)
{
  MoveEntry *self = get_entry (popover);
  GtkListBoxRow *row = gtk_list_box_get_selected_row (self->list);
  int index = row != NULL ? gtk_list_box_row_get_index (row) : -1;
  int n = (int) MIN (self->moves->len, MAX_SHOWN);

  if (n == 0 || (keyval != GDK_KEY_Down && keyval != GDK_KEY_Up))
    return FALSE;
  index = keyval == GDK_KEY_Down ? MIN (index + 1, n - 1) : MAX (index - 1, 0);
  gtk_list_box_select_row (self->list, gtk_list_box_get_row_at_index (self->list, index));
  scroll_to_row (self, index);
  return TRUE;
}

/* The entry takes the keyboard with the cursor after what is typed (not
 * selecting it: the next key typed would replace it). */
static void
focus_entry (MoveEntry *self)
{
  gtk_entry_grab_focus_without_selecting (self->entry);
  gtk_editable_set_position (GTK_EDITABLE (self->entry), -1);
}

/* Once mapped (on X11 some frames after the popup is asked for) the
 * popover's entry takes the keyboard again: the popover's own focus
 * handling on map must not leave a key typed meanwhile to the popover. */
static void
popover_map_cb (GtkWidget *popover,
                MoveEntry *self)
{
  focus_entry (self);
}

static void
move_entry_free (MoveEntry *self)
{
  g_clear_weak_pointer (&self->document);
  g_array_unref (self->moves);
  g_free (self);
}

/**
 * studio_move_entry_set_document:
 * @entry_popover: the popover of studio_move_entry_new()
 * @document: the document whose current position the moves are entered in
 *   now (the window's selected tab's); not owned
 */
void
studio_move_entry_set_document (GtkWidget      *entry_popover,
                                StudioDocument *document)
{
  MoveEntry *self = g_object_get_data (G_OBJECT (entry_popover), "studio-move-entry");

  g_return_if_fail (self != NULL);
  g_set_weak_pointer (&self->document, document);
}

/**
 * studio_move_entry_new:
 * @document: the document whose current position the moves are entered in
 *
 * The keyboard move entry: a popover (not yet parented) with a text entry
 * and the legal moves that begin with what is typed.  Open it with
 * studio_move_entry_open().
 *
 * Returns: (transfer floating): the popover
 */
GtkWidget *
studio_move_entry_new (StudioDocument *document)
{
  GtkWidget *popover = gtk_popover_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  GtkEventController *keys;
  MoveEntry *self = g_new0 (MoveEntry, 1);

  g_set_weak_pointer (&self->document, document);
  self->popover = popover;
  self->moves = g_array_new (FALSE, FALSE, sizeof (CheopsMove));
  self->entry = GTK_ENTRY (gtk_entry_new ());
  gtk_entry_set_placeholder_text (self->entry, _("Type a move"));
  gtk_widget_set_size_request (GTK_WIDGET (self->entry), 220, -1);
  self->list = GTK_LIST_BOX (gtk_list_box_new ());
  gtk_list_box_set_selection_mode (self->list, GTK_SELECTION_SINGLE);
  gtk_list_box_set_activate_on_single_click (self->list, TRUE);
  gtk_widget_add_css_class (GTK_WIDGET (self->list), "navigation-sidebar");
  self->message = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_xalign (self->message, 0);
  gtk_label_set_wrap (self->message, TRUE);
  gtk_label_set_max_width_chars (self->message, 30);
  gtk_widget_add_css_class (GTK_WIDGET (self->message), "dim-label");
  gtk_widget_set_visible (GTK_WIDGET (self->message), FALSE);

  /* The candidates scroll past MAX_SHOWN_HEIGHT: twelve rows ran past the
   * foot of a 600 px window. */
  self->scroller = GTK_SCROLLED_WINDOW (gtk_scrolled_window_new ());
  gtk_scrolled_window_set_policy (self->scroller, GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_propagate_natural_height (self->scroller, TRUE);
  gtk_scrolled_window_set_max_content_height (self->scroller, MAX_SHOWN_HEIGHT);
  gtk_scrolled_window_set_child (self->scroller, GTK_WIDGET (self->list));

  gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->entry));
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->scroller));
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->message));
  gtk_popover_set_child (GTK_POPOVER (popover), box);
  gtk_widget_set_name (popover, "move-entry");
  g_object_set_data_full (G_OBJECT (popover), "studio-move-entry", self, (GDestroyNotify) move_entry_free);

  g_signal_connect (self->entry, "activate", G_CALLBACK (entry_activate_cb), popover);
  g_signal_connect (self->entry, "changed", G_CALLBACK (entry_changed_cb), popover);
  g_signal_connect (self->list, "row-activated", G_CALLBACK (row_activated_cb), popover);
  keys = gtk_event_controller_key_new ();
  g_signal_connect (keys, "key-pressed", G_CALLBACK (entry_key_pressed_cb), popover);
  gtk_widget_add_controller (GTK_WIDGET (self->entry), keys);
  g_signal_connect_after (popover, "map", G_CALLBACK (popover_map_cb), self);

  return popover;
}

/**
 * studio_move_entry_open:
 * @entry_popover: the popover of studio_move_entry_new()
 * @text: (nullable): what to start with (the key typed on the board), or
 *   %NULL for an empty entry
 *
 * Shows the popover with the entry focused and @text typed.
 */
void
studio_move_entry_open (GtkWidget  *entry_popover,
                        const char *text)
{
  MoveEntry *self = get_entry (entry_popover);

  gtk_editable_set_text (GTK_EDITABLE (self->entry), text != NULL ? text : "");
  refill (self);
  gtk_popover_popup (GTK_POPOVER (entry_popover));
  gtk_popover_present (GTK_POPOVER (entry_popover));
  focus_entry (self);
}

/**
 * studio_move_entry_append:
 * @entry_popover: the popover of studio_move_entry_new(), open
 * @text: what was typed (UTF-8)
 *
 * Adds @text at the end of what is typed: a key typed while the popover
 * was opening, before its entry had the keyboard, is not lost.  Gives the
 * entry the keyboard, the cursor after the text.
 */
void
studio_move_entry_append (GtkWidget  *entry_popover,
                          const char *text)
{
  MoveEntry *self = get_entry (entry_popover);
  g_autofree char *typed = g_strconcat (gtk_editable_get_text (GTK_EDITABLE (self->entry)), text, NULL);

  gtk_editable_set_text (GTK_EDITABLE (self->entry), typed);
  focus_entry (self);
}

/**
 * studio_move_entry_has_keyboard:
 * @entry_popover: the popover of studio_move_entry_new()
 *
 * Returns: whether the keys typed go into the entry now (the popover is
 *   mapped and its entry has the focus)
 */
gboolean
studio_move_entry_has_keyboard (GtkWidget *entry_popover)
{
  MoveEntry *self = get_entry (entry_popover);
  GtkRoot *root = gtk_widget_get_root (entry_popover);
  GtkWidget *focus = root != NULL ? gtk_root_get_focus (root) : NULL;

  /* The entry's text (a GtkText inside it) has the focus. */
  return gtk_widget_get_mapped (entry_popover) && focus != NULL &&
         (focus == GTK_WIDGET (self->entry) || gtk_widget_is_ancestor (focus, GTK_WIDGET (self->entry)));
}

/**
 * studio_move_entry_dup_candidates:
 * @entry_popover: the popover of studio_move_entry_new()
 *
 * Returns: (transfer full): the candidates shown, one a line ("SAN" or
 *   "SAN  (move text)"), for tests
 */
char *
studio_move_entry_dup_candidates (GtkWidget *entry_popover)
{
  MoveEntry *self = get_entry (entry_popover);
  GString *out = g_string_new (NULL);

  for (GtkWidget *row = gtk_widget_get_first_child (GTK_WIDGET (self->list)); row != NULL;
       row = gtk_widget_get_next_sibling (row))
    {
      GtkWidget *label = gtk_list_box_row_get_child (GTK_LIST_BOX_ROW (row));

      g_string_append_printf (out, "%s\n", gtk_label_get_text (GTK_LABEL (label)));
    }
  return g_string_free (out, FALSE);
}

/**
 * studio_move_entry_get_message:
 * @entry_popover: the popover of studio_move_entry_new()
 *
 * Returns: (transfer none): the line under the candidates ("" when none):
 *   why nothing matches, how many more there are, or why a move was refused
 */
const char *
studio_move_entry_get_message (GtkWidget *entry_popover)
{
  return gtk_label_get_text (get_entry (entry_popover)->message);
}

/**
 * studio_move_entry_set_take_func:
 * @entry_popover: the popover of studio_move_entry_new()
 * @take: (nullable): called with each move chosen, before it is played in
 *   the document: %TRUE when it took the move, which is then not played
 * @data: for @take
 *
 * Lets another use the moves typed (Learn from Your Mistakes: the answer
 * to a mistake, studio-window-learn.c).
 */
void
studio_move_entry_set_take_func (GtkWidget           *entry_popover,
                                 StudioMoveEntryTake  take,
                                 gpointer             data)
{
  MoveEntry *self = get_entry (entry_popover);

  self->take = take;
  self->take_data = data;
}
