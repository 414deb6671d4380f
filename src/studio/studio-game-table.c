/* studio-game-table.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The game list as a table (issue 23): every game of the files open in a
 * window, in a GtkColumnView with a column each for the file, the game's
 * number there, its variant, players, result, date, event and main-line
 * plies.  Columns sort (a click on a header, through the view's sorter and
 * a GtkSortListModel) and resize; their widths and the sort are kept in
 * the settings (game-list-widths, game-list-sort).  Over the table: a
 * search over every tag of a game (each word, ignoring case, in one of its
 * tag values or its variant's title) and filters by variant and result.
 * Activating a row (a double click, Enter) shows that game in its tab.
 *
 * Why a window of its own, not the Game button's popover nor a view of the
 * side pane: a table of eight columns over thousands of games wants the
 * width of a screen, and a place that stays open while the user sorts,
 * filters and opens one game after another — a popover closes at the first
 * click outside, and the side pane is as narrow as the move list.  GNOME's
 * own big lists that serve a main window (Evolution's message list aside,
 * GNOME Builder's or Files' search results) stand in a window of their
 * own; so does this one (Ctrl+Shift+L), non-modal, beside the board.  The
 * popover stays as the quick way to another game of the same file.
 *
 * 100 000 games without a stall: the rows are StudioGameRow objects made
 * only when the view (or the sort or filter) asks for one, from a table
 * of offsets over the documents (StudioGameRows).  A sort takes the
 * column's values from the rows a slice per main-loop turn and orders
 * them in a worker thread (sort_start_cb(); StudioSortedRows shows the
 * order), and the filter runs incrementally (GtkFilterListModel:
 * incremental), so the window answers while they work.  Columns sort
 * through the view's sorter only for its header indicators:
 * GtkSortListModel (GTK 4.8) takes every item at once when a sort starts.
 */
#define G_LOG_DOMAIN "studio-game-table"

#include "studio-config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "studio-game-distinction.h"
#include "studio-game-table.h"

/* ---------------------------------------------------------------------- */
/* StudioGameRow */

#define N_COLUMNS 8

struct _StudioGameRow
{
  GObject         parent_instance;
  StudioDocument *document;
  CheopsGame     *game;
  guint           index;
  /* The sort keys of its text columns, made the first time a sort needs
   * them (g_utf8_collate_key()), and its plies (-1: not counted yet). */
  char           *keys[N_COLUMNS];
  int             plies;
  char           *folded;  /* its tag values, casefolded, for the search */
  const char     *distinguishing_tag;  /* of its file (interned), or NULL */
};

enum {
  ROW_PROP_0,
  ROW_PROP_FILE,
  ROW_PROP_NUMBER,
  ROW_PROP_VARIANT,
  ROW_PROP_PLAYERS,
  ROW_PROP_RESULT,
  ROW_PROP_DATE,
  ROW_PROP_EVENT,
  ROW_PROP_PLIES,
  ROW_N_PROPS
};

G_DEFINE_FINAL_TYPE (StudioGameRow, studio_game_row, G_TYPE_OBJECT)

static GParamSpec *row_properties [ROW_N_PROPS];
static gint rows_alive;

static const char *
known_tag (CheopsGame *game,
           const char *name)
{
  const char *value = cheops_game_get_tag (game, name);

  /* "?" and "????.??.??" are the game-file format's unknown values. */
  if (value == NULL || value[0] == '\0' || g_str_equal (value, "?") || g_str_equal (value, "????.??.??"))
    return NULL;
  return value;
}

static guint
main_line_plies (CheopsGame *game)
{
  CheopsGameNode *node = cheops_game_get_root (game);
  guint plies = 0;

  while ((node = cheops_game_node_get_first_child (node)) != NULL)
    plies++;
  return plies;
}

static char *
dup_players (CheopsGame *game)
{
  const CheopsVariant *variant = cheops_game_get_variant (game);
  const char *first = known_tag (game, variant->sides[0].tag);
  const char *second = known_tag (game, variant->sides[1].tag);

  if (first == NULL && second == NULL)
    return g_strdup ("");
  /* Translators: a game's players, the first colour's first */
  return g_strdup_printf (_("%s – %s"), first != NULL ? first : "?", second != NULL ? second : "?");
}

static void
studio_game_row_get_property (GObject    *object,
                              guint       prop_id,
                              GValue     *value,
                              GParamSpec *pspec)
{
  StudioGameRow *self = STUDIO_GAME_ROW (object);

  switch (prop_id)
    {
    case ROW_PROP_FILE:
      {
        GFile *file = studio_document_get_file (self->document);

        g_value_take_string (value, file != NULL ? g_file_get_basename (file) : studio_document_dup_title (self->document));
      }
      break;
    case ROW_PROP_NUMBER:
      g_value_set_uint (value, self->index + 1);
      break;
    case ROW_PROP_VARIANT:
      g_value_set_string (value, _(cheops_game_get_variant (self->game)->title));
      break;
    case ROW_PROP_PLAYERS:
      g_value_take_string (value, dup_players (self->game));
      break;
    case ROW_PROP_RESULT:
      g_value_set_string (value, cheops_game_get_result (self->game));
      break;
    case ROW_PROP_DATE:
      g_value_set_string (value, known_tag (self->game, "Date") ?: "");
      break;
    case ROW_PROP_EVENT:
      {
        g_autofree char *distinction = studio_game_dup_distinction (self->game, self->distinguishing_tag);
        const char *event = known_tag (self->game, "Event");

        if (distinction == NULL)
          g_value_set_string (value, event ?: "");
        else if (event == NULL)
          g_value_take_string (value, g_steal_pointer (&distinction));
        else
          g_value_take_string (value, g_strdup_printf ("%s · %s", distinction, event));
      }
      break;
    case ROW_PROP_PLIES:
      if (self->plies < 0)
        self->plies = (int) main_line_plies (self->game);
      g_value_set_uint (value, (guint) self->plies);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
studio_game_row_finalize (GObject *object)
{
  StudioGameRow *self = STUDIO_GAME_ROW (object);

  g_clear_object (&self->document);
  g_clear_object (&self->game);
  for (guint i = 0; i < N_COLUMNS; i++)
    g_free (self->keys[i]);
  g_free (self->folded);
  g_atomic_int_dec_and_test (&rows_alive);
  G_OBJECT_CLASS (studio_game_row_parent_class)->finalize (object);
}

static void
studio_game_row_class_init (StudioGameRowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  const GParamFlags flags = G_PARAM_READABLE | G_PARAM_STATIC_STRINGS;

  object_class->get_property = studio_game_row_get_property;
  object_class->finalize = studio_game_row_finalize;

  /* The file's name (or the document's title without a file). */
  row_properties [ROW_PROP_FILE] = g_param_spec_string ("file", NULL, NULL, NULL, flags);
  /* The game's number in its file, from 1. */
  row_properties [ROW_PROP_NUMBER] = g_param_spec_uint ("number", NULL, NULL, 1, G_MAXUINT, 1, flags);
  /* The variant's title, translated. */
  row_properties [ROW_PROP_VARIANT] = g_param_spec_string ("variant", NULL, NULL, NULL, flags);
  /* "Green player – Orange player" (the variant's colours), or "". */
  row_properties [ROW_PROP_PLAYERS] = g_param_spec_string ("players", NULL, NULL, NULL, flags);
  /* The Result tag: "1-0", "0-1", "1/2-1/2", "*". */
  row_properties [ROW_PROP_RESULT] = g_param_spec_string ("result", NULL, NULL, NULL, flags);
  /* The Date and Event tags, "" when unknown; the event after what tells
   * the game apart from the others of its file (a problem's stipulation:
   * studio_game_dup_distinction()), "#2 · Cheops Studio problems". */
  row_properties [ROW_PROP_DATE] = g_param_spec_string ("date", NULL, NULL, NULL, flags);
  row_properties [ROW_PROP_EVENT] = g_param_spec_string ("event", NULL, NULL, NULL, flags);
  /* The plies of the main line. */
  row_properties [ROW_PROP_PLIES] = g_param_spec_uint ("plies", NULL, NULL, 0, G_MAXUINT, 0, flags);
  g_object_class_install_properties (object_class, ROW_N_PROPS, row_properties);
}

static void
studio_game_row_init (StudioGameRow *self)
{
  self->plies = -1;
  g_atomic_int_inc (&rows_alive);
}

/**
 * studio_game_row_get_document:
 * @self: a #StudioGameRow
 *
 * Returns: (transfer none): the document that holds the game
 */
StudioDocument *
studio_game_row_get_document (StudioGameRow *self)
{
  g_return_val_if_fail (STUDIO_IS_GAME_ROW (self), NULL);
  return self->document;
}

/**
 * studio_game_row_get_index:
 * @self: a #StudioGameRow
 *
 * Returns: the game's position in its document, from 0
 */
guint
studio_game_row_get_index (StudioGameRow *self)
{
  g_return_val_if_fail (STUDIO_IS_GAME_ROW (self), 0);
  return self->index;
}

/**
 * studio_game_row_get_game:
 * @self: a #StudioGameRow
 *
 * Returns: (transfer none): the game
 */
CheopsGame *
studio_game_row_get_game (StudioGameRow *self)
{
  g_return_val_if_fail (STUDIO_IS_GAME_ROW (self), NULL);
  return self->game;
}

/* ---------------------------------------------------------------------- */
/* StudioGameRows */

struct _StudioGameRows
{
  GObject     parent_instance;
  GListModel *documents;  /* StudioDocument: what is followed */
  GPtrArray  *shown;      /* StudioDocument (refs): the documents the rows
                           * are of now, a snapshot of @documents */
  GArray     *offsets;    /* guint, by document of @shown: its first row;
                           * and the number of rows at the end */
  GArray     *distinguishing;  /* Distinguishing, by document of @shown */
  guint       refresh;    /* an idle taking @documents again */
};

/* The tag that tells a document's games apart, found when a row first
 * needs it after its games changed. */
typedef struct {
  const char *tag;
  gboolean    known;
} Distinguishing;

static void studio_game_rows_model_init (GListModelInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (StudioGameRows, studio_game_rows, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (G_TYPE_LIST_MODEL, studio_game_rows_model_init))

static void
studio_game_rows_count (StudioGameRows *self)
{
  guint total = 0;

  g_array_set_size (self->offsets, 0);
  for (guint i = 0; i < self->shown->len; i++)
    {
      g_array_append_val (self->offsets, total);
      total += g_list_model_get_n_items (g_ptr_array_index (self->shown, i));
    }
  g_array_append_val (self->offsets, total);
}

static guint
studio_game_rows_get_n_items (GListModel *model)
{
  StudioGameRows *self = STUDIO_GAME_ROWS (model);

  return g_array_index (self->offsets, guint, self->offsets->len - 1);
}

static GType
studio_game_rows_get_item_type (GListModel *model)
{
  return STUDIO_TYPE_GAME_ROW;
}

static gpointer
studio_game_rows_get_item (GListModel *model,
                           guint       position)
{
  StudioGameRows *self = STUDIO_GAME_ROWS (model);
  guint lo = 0, hi = self->offsets->len - 1;
  StudioGameRow *row;
  Distinguishing *distinguishing;

  if (position >= studio_game_rows_get_n_items (model))
    return NULL;

  /* The last document whose first row is at or before @position (and
   * that has rows). */
  while (hi - lo > 1)
    {
      guint mid = (lo + hi) / 2;

      if (g_array_index (self->offsets, guint, mid) <= position)
        lo = mid;
      else
        hi = mid;
    }
  while (lo + 1 < self->offsets->len - 1 && g_array_index (self->offsets, guint, lo + 1) <= position)
    lo++;

  row = g_object_new (STUDIO_TYPE_GAME_ROW, NULL);
  row->document = g_object_ref (g_ptr_array_index (self->shown, lo));
  row->index = position - g_array_index (self->offsets, guint, lo);
  row->game = g_object_ref (studio_document_get_game_at (row->document, row->index));
  distinguishing = &g_array_index (self->distinguishing, Distinguishing, lo);
  if (!distinguishing->known)
    {
      distinguishing->tag = studio_games_find_distinguishing_tag (G_LIST_MODEL (row->document));
      distinguishing->known = TRUE;
    }
  row->distinguishing_tag = distinguishing->tag;
  return row;
}

static void
studio_game_rows_model_init (GListModelInterface *iface)
{
  iface->get_item_type = studio_game_rows_get_item_type;
  iface->get_n_items = studio_game_rows_get_n_items;
  iface->get_item = studio_game_rows_get_item;
}

/* A document's games changed: the rows from its first on. */
static void
document_items_changed_cb (StudioGameRows *self,
                           guint           position,
                           guint           removed,
                           guint           added,
                           GListModel     *document)
{
  guint index;

  if (!g_ptr_array_find (self->shown, document, &index))
    return;
  g_array_index (self->distinguishing, Distinguishing, index).known = FALSE;
  studio_game_rows_count (self);
  g_list_model_items_changed (G_LIST_MODEL (self), g_array_index (self->offsets, guint, index) + position,
                              removed, added);
}

static void
studio_game_rows_set_shown (StudioGameRows *self,
                            GPtrArray      *shown)
{
  for (guint i = 0; i < self->shown->len; i++)
    g_signal_handlers_disconnect_by_func (g_ptr_array_index (self->shown, i), document_items_changed_cb, self);
  g_ptr_array_unref (self->shown);
  self->shown = shown;
  g_array_set_size (self->distinguishing, 0);
  g_array_set_size (self->distinguishing, shown->len);
  for (guint i = 0; i < self->shown->len; i++)
    g_signal_connect_object (g_ptr_array_index (self->shown, i), "items-changed",
                             G_CALLBACK (document_items_changed_cb), self, G_CONNECT_SWAPPED);
}

/* Takes the documents again (all the rows change: rare, a tab opened or
 * closed).  A document not there yet (a tab being made) is taken at the
 * next turn of the main loop. */
static gboolean
studio_game_rows_refresh (gpointer data)
{
  StudioGameRows *self = data;
  GPtrArray *shown = g_ptr_array_new_with_free_func (g_object_unref);
  guint n = g_list_model_get_n_items (self->documents);
  guint old_n = studio_game_rows_get_n_items (G_LIST_MODEL (self));
  gboolean missing = FALSE;

  self->refresh = 0;
  for (guint i = 0; i < n; i++)
    {
      StudioDocument *document = g_list_model_get_item (self->documents, i);

      if (document != NULL)
        g_ptr_array_add (shown, document);
      else
        missing = TRUE;
    }
  studio_game_rows_set_shown (self, shown);
  studio_game_rows_count (self);
  g_list_model_items_changed (G_LIST_MODEL (self), 0, old_n, studio_game_rows_get_n_items (G_LIST_MODEL (self)));
  if (missing)
    self->refresh = g_idle_add (studio_game_rows_refresh, self);
  return G_SOURCE_REMOVE;
}

/* Documents came or went: taken when the tabs are made (the rows stay
 * those of the documents shown until then, all still alive). */
static void
documents_changed_cb (StudioGameRows *self)
{
  if (self->refresh == 0)
    self->refresh = g_idle_add (studio_game_rows_refresh, self);
}

static void
studio_game_rows_dispose (GObject *object)
{
  StudioGameRows *self = STUDIO_GAME_ROWS (object);

  g_clear_handle_id (&self->refresh, g_source_remove);
  if (self->shown != NULL)
    studio_game_rows_set_shown (self, g_ptr_array_new_with_free_func (g_object_unref));
  if (self->documents != NULL)
    g_signal_handlers_disconnect_by_data (self->documents, self);
  g_clear_object (&self->documents);
  g_clear_pointer (&self->shown, g_ptr_array_unref);
  g_clear_pointer (&self->offsets, g_array_unref);
  g_clear_pointer (&self->distinguishing, g_array_unref);
  G_OBJECT_CLASS (studio_game_rows_parent_class)->dispose (object);
}

static void
studio_game_rows_class_init (StudioGameRowsClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = studio_game_rows_dispose;
}

static void
studio_game_rows_init (StudioGameRows *self)
{
  self->offsets = g_array_new (FALSE, FALSE, sizeof (guint));
  self->distinguishing = g_array_new (FALSE, TRUE, sizeof (Distinguishing));
  self->shown = g_ptr_array_new_with_free_func (g_object_unref);
  studio_game_rows_count (self);
}

/**
 * studio_game_rows_new:
 * @documents: a #GListModel of #StudioDocument (the open files; an item
 *   may be %NULL for a moment, a tab being made)
 *
 * Every game of @documents, in their order and each document's, as a
 * #GListModel of #StudioGameRow made only when asked for (a view over
 * 100 000 games makes the few dozen rows it shows).  It follows the
 * documents' games at once (a file being read adds its games as they
 * come), and @documents itself at the next turn of the main loop.  For
 * the game list, and for anything that lists the games of the open files.
 *
 * Returns: (transfer full): the model
 */
StudioGameRows *
studio_game_rows_new (GListModel *documents)
{
  StudioGameRows *self;

  g_return_val_if_fail (G_IS_LIST_MODEL (documents), NULL);

  self = g_object_new (STUDIO_TYPE_GAME_ROWS, NULL);
  self->documents = g_object_ref (documents);
  studio_game_rows_refresh (self);
  g_signal_connect_object (documents, "items-changed", G_CALLBACK (documents_changed_cb),
                           self, G_CONNECT_SWAPPED);
  return self;
}

/**
 * studio_game_rows_count_alive:
 *
 * Returns: how many #StudioGameRow objects exist now (for tests: a list
 *   of 100 000 games makes only those it shows)
 */
guint
studio_game_rows_count_alive (void)
{
  return (guint) g_atomic_int_get (&rows_alive);
}

/* ---------------------------------------------------------------------- */
/* StudioSortedRows: the rows in an order computed elsewhere (a worker
 * thread, see sort_start_cb()), or in their own order.  GTK 4.8's
 * GtkSortListModel takes every item at once when a sort starts (100 000
 * rows made in one turn of the main loop: a stall of seconds), so the
 * order is made here a slice per turn and in a thread. */

#define STUDIO_TYPE_SORTED_ROWS (studio_sorted_rows_get_type ())
G_DECLARE_FINAL_TYPE (StudioSortedRows, studio_sorted_rows, STUDIO, SORTED_ROWS, GObject)

struct _StudioSortedRows
{
  GObject     parent_instance;
  GListModel *model;   /* StudioGameRows */
  guint      *order;   /* positions in @model, or NULL: @model's order */
  guint       n_order;
};

static void studio_sorted_rows_model_init (GListModelInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (StudioSortedRows, studio_sorted_rows, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (G_TYPE_LIST_MODEL, studio_sorted_rows_model_init))

static GType
studio_sorted_rows_get_item_type (GListModel *model)
{
  return STUDIO_TYPE_GAME_ROW;
}

static guint
studio_sorted_rows_get_n_items (GListModel *model)
{
  return g_list_model_get_n_items (STUDIO_SORTED_ROWS (model)->model);
}

static gpointer
studio_sorted_rows_get_item (GListModel *model,
                             guint       position)
{
  StudioSortedRows *self = STUDIO_SORTED_ROWS (model);

  if (self->order != NULL)
    return position < self->n_order ? g_list_model_get_item (self->model, self->order[position]) : NULL;
  return g_list_model_get_item (self->model, position);
}

static void
studio_sorted_rows_model_init (GListModelInterface *iface)
{
  iface->get_item_type = studio_sorted_rows_get_item_type;
  iface->get_n_items = studio_sorted_rows_get_n_items;
  iface->get_item = studio_sorted_rows_get_item;
}

/* Takes @order (g_free()d; NULL for the rows' own order; its length the
 * rows' number now) and says that every row may have moved. */
static void
studio_sorted_rows_set_order (StudioSortedRows *self,
                              guint            *order)
{
  guint n = g_list_model_get_n_items (self->model);

  if (order == NULL && self->order == NULL)
    return;
  g_free (self->order);
  self->order = order;
  self->n_order = order != NULL ? n : 0;
  g_list_model_items_changed (G_LIST_MODEL (self), 0, n, n);
}

/* The rows changed: games added at the end (a file being read) come
 * last, unsorted; any other change puts the rows in their own order again;
 * until sorted anew (the table sorts again, sort_start_cb()). */
static void
sorted_rows_changed_cb (StudioSortedRows *self,
                        guint             position,
                        guint             removed,
                        guint             added)
{
  if (self->order != NULL && removed == 0 && position == self->n_order)
    {
      self->order = g_renew (guint, self->order, self->n_order + added);
      for (guint i = 0; i < added; i++)
        self->order[self->n_order + i] = position + i;
      self->n_order += added;
      g_list_model_items_changed (G_LIST_MODEL (self), position, 0, added);
    }
  else if (self->order != NULL)
    {
      guint old_n = self->n_order;

      g_clear_pointer (&self->order, g_free);
      self->n_order = 0;
      g_list_model_items_changed (G_LIST_MODEL (self), 0, old_n, g_list_model_get_n_items (self->model));
    }
  else
    g_list_model_items_changed (G_LIST_MODEL (self), position, removed, added);
}

static void
studio_sorted_rows_dispose (GObject *object)
{
  StudioSortedRows *self = STUDIO_SORTED_ROWS (object);

  if (self->model != NULL)
    g_signal_handlers_disconnect_by_data (self->model, self);
  g_clear_object (&self->model);
  g_clear_pointer (&self->order, g_free);
  G_OBJECT_CLASS (studio_sorted_rows_parent_class)->dispose (object);
}

static void
studio_sorted_rows_class_init (StudioSortedRowsClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = studio_sorted_rows_dispose;
}

static void
studio_sorted_rows_init (StudioSortedRows *self)
{
}

static StudioSortedRows *
studio_sorted_rows_new (GListModel *model)
{
  StudioSortedRows *self = g_object_new (STUDIO_TYPE_SORTED_ROWS, NULL);

  self->model = g_object_ref (model);
  g_signal_connect_object (model, "items-changed", G_CALLBACK (sorted_rows_changed_cb), self, G_CONNECT_SWAPPED);
  return self;
}

/* ---------------------------------------------------------------------- */
/* StudioGameTable */

/* The columns, in the order of the setting game-list-widths. */
typedef struct {
  const char *id;
  const char *title;
  const char *property;
  gboolean    numeric;
  gboolean    expand;
  int         width;   /* the default, in pixels */
} Column;

static const Column columns[] = {
  { "file",    N_("File"),    "file",    FALSE, FALSE, 130 },
  { "number",  N_("No."),     "number",  TRUE,  FALSE, 56 },
  { "variant", N_("Variant"), "variant", FALSE, FALSE, 130 },
  { "players", N_("Players"), "players", FALSE, TRUE,  220 },
  { "result",  N_("Result"),  "result",  FALSE, FALSE, 70 },
  { "date",    N_("Date"),    "date",    FALSE, FALSE, 96 },
  { "event",   N_("Event"),   "event",   FALSE, TRUE,  180 },
  { "plies",   N_("Plies"),   "plies",   TRUE,  FALSE, 60 },
};

G_STATIC_ASSERT (G_N_ELEMENTS (columns) == N_COLUMNS);

/* The result filter's choices, after "All Results": the Result tag values. */
static const char *const result_values[] = { "1-0", "0-1", "1/2-1/2", "*" };

struct _StudioGameTable
{
  AdwWindow           parent_instance;

  GSettings          *settings;
  GListModel         *documents;
  StudioGameRows     *rows;
  StudioSortedRows   *sort_model;
  /* The sort being made (sort_start_cb()): its number (a newer sort or a
   * change of the rows makes the older one's result void), the idle that
   * takes the rows' sort values a slice at a time, and those values. */
  guint               sort_stamp;
  guint               sort_source;
  struct SortJob     *sort_job;
  gboolean            sort_active;  /* sorted by a column (or being) */
  GtkFilterListModel *filter_model;
  GtkSingleSelection *selection;
  GtkCustomFilter    *filter;
  GtkColumnView      *view;
  GtkColumnViewColumn *view_columns[N_COLUMNS];
  GtkSearchEntry     *search;
  GtkDropDown        *variant_filter;
  GtkDropDown        *result_filter;
  GtkLabel           *count_label;
  GtkStack           *stack;

  /* The filter now. */
  const CheopsVariant *variant;   /* NULL: every variant */
  guint               results;    /* bits of result_values[], 0: all */
  char               *query;      /* casefolded, NULL for none */
  guint               save_timeout;
};

G_DEFINE_FINAL_TYPE (StudioGameTable, studio_game_table, ADW_TYPE_WINDOW)

/**
 * studio_game_table_row_matches:
 * @row: a row
 * @variant: (nullable): the variant asked for, or %NULL for every one
 * @results: bits (1 << i) of the results asked for, i the position of the
 *   Result tag value in "1-0", "0-1", "1/2-1/2", "*"; 0 for every result
 * @folded_query: (nullable): the search, casefolded (g_utf8_casefold())
 *
 * Whether the game of @row is listed: of @variant, of a result in
 * @results, and each word of @folded_query (split at white space) in one
 * of its tag values (every tag, casefolded) or its variant's title.
 *
 * Returns: %TRUE if listed
 */
gboolean
studio_game_table_row_matches (StudioGameRow       *row,
                               const CheopsVariant *variant,
                               guint                results,
                               const char          *folded_query)
{
  CheopsGame *game = row->game;
  const CheopsVariant *game_variant = cheops_game_get_variant (game);
  g_auto(GStrv) words = NULL;

  if (variant != NULL && game_variant != variant)
    return FALSE;

  if (results != 0)
    {
      const char *result = cheops_game_get_result (game);
      gboolean found = FALSE;

      for (guint i = 0; i < G_N_ELEMENTS (result_values) && !found; i++)
        found = (results & (1u << i)) != 0 && g_strcmp0 (result, result_values[i]) == 0;
      if (!found)
        return FALSE;
    }

  if (folded_query == NULL || folded_query[0] == '\0')
    return TRUE;

  /* Made once per row (the rows a sort keeps are searched again). */
  if (row->folded == NULL)
    {
      g_autoptr(GString) text = g_string_new (game_variant->title);

      g_string_append_c (text, '\n');
      g_string_append (text, _(game_variant->title));
      for (guint i = 0; i < cheops_game_get_n_tags (game); i++)
        {
          const char *name, *value;

          cheops_game_get_nth_tag (game, i, &name, &value);
          if (value != NULL)
            {
              g_string_append_c (text, '\n');
              g_string_append (text, value);
            }
        }
      row->folded = g_utf8_casefold (text->str, text->len);
    }

  words = g_strsplit_set (folded_query, " \t\n", -1);
  for (guint i = 0; words[i] != NULL; i++)
    if (words[i][0] != '\0' && strstr (row->folded, words[i]) == NULL)
      return FALSE;
  return TRUE;
}

static gboolean
filter_func (gpointer item,
             gpointer user_data)
{
  StudioGameTable *self = user_data;

  return studio_game_table_row_matches (item, self->variant, self->results, self->query);
}

static void
update_count (StudioGameTable *self)
{
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->rows));
  guint shown = g_list_model_get_n_items (G_LIST_MODEL (self->filter_model));
  g_autofree char *text = NULL;

  if (shown == n)
    text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u game", "%u games", n), n);
  else
    text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u of %u game", "%u of %u games", n), shown, n);
  gtk_label_set_label (self->count_label, text);
  /* (Not "No Game Matches" while the search is still looking.) */
  gtk_stack_set_visible_child_name (self->stack, shown > 0 || n == 0 || gtk_filter_list_model_get_pending (self->filter_model) > 0
                                    ? "table" : "empty");
}

static void
refilter (StudioGameTable *self)
{
  /* No filter at all: no look at any row (100 000 rows are not made to
   * be let through). */
  if (self->variant == NULL && self->results == 0 && self->query == NULL)
    gtk_filter_list_model_set_filter (self->filter_model, NULL);
  else if (gtk_filter_list_model_get_filter (self->filter_model) == NULL)
    gtk_filter_list_model_set_filter (self->filter_model, GTK_FILTER (self->filter));
  else
    gtk_filter_changed (GTK_FILTER (self->filter), GTK_FILTER_CHANGE_DIFFERENT);
  update_count (self);
}

static void
search_changed_cb (StudioGameTable *self)
{
  const char *text = gtk_editable_get_text (GTK_EDITABLE (self->search));
  g_autofree char *folded = g_utf8_casefold (text, -1);

  g_clear_pointer (&self->query, g_free);
  g_strstrip (folded);
  if (folded[0] != '\0')
    self->query = g_steal_pointer (&folded);
  refilter (self);
}

static void
variant_changed_cb (StudioGameTable *self)
{
  guint selected = gtk_drop_down_get_selected (self->variant_filter);

  self->variant = selected > 0 && selected != GTK_INVALID_LIST_POSITION ? cheops_variants[selected - 1] : NULL;
  refilter (self);
}

static void
result_changed_cb (StudioGameTable *self)
{
  guint selected = gtk_drop_down_get_selected (self->result_filter);

  self->results = selected > 0 && selected != GTK_INVALID_LIST_POSITION ? 1u << (selected - 1) : 0;
  refilter (self);
}

/* Shows the game of the row at @position in its tab. */
static void
activate_cb (StudioGameTable *self,
             guint            position)
{
  g_autoptr(StudioGameRow) row = g_list_model_get_item (G_LIST_MODEL (self->selection), position);
  GtkWindow *parent = gtk_window_get_transient_for (GTK_WINDOW (self));

  if (row == NULL)
    return;
  g_signal_emit_by_name (self, "game-activated", row->document, row->index);
  if (parent != NULL)
    gtk_window_present (parent);
}

/* Whether @widget or a widget inside it has the CSS class @name. */
static gboolean
has_class_inside (GtkWidget  *widget,
                  const char *name)
{
  if (gtk_widget_has_css_class (widget, name))
    return TRUE;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (has_class_inside (child, name))
      return TRUE;
  return FALSE;
}

/* The column the view sorts by first, and how.  GTK 4.8 has no public
 * getter (gtk_column_view_sorter_get_primary_sort_column() came in 4.10):
 * the header of that column alone shows the sort, its indicator with the
 * CSS class "ascending" or "descending"; the headers are in the columns'
 * order (they cannot be reordered here). */
static GtkColumnViewColumn *
studio_game_table_get_sort (StudioGameTable *self,
                            gboolean        *descending)
{
  GtkWidget *header = gtk_widget_get_first_child (GTK_WIDGET (self->view));
  guint i = 0;

  *descending = FALSE;
  if (header == NULL)
    return NULL;
  for (GtkWidget *title = gtk_widget_get_first_child (header); title != NULL && i < G_N_ELEMENTS (columns);
       title = gtk_widget_get_next_sibling (title), i++)
    {
      if (has_class_inside (title, "descending"))
        {
          *descending = TRUE;
          return self->view_columns[i];
        }
      if (has_class_inside (title, "ascending"))
        return self->view_columns[i];
    }
  return NULL;
}

/* The widths and the sort go to the settings a moment after they change. */
static void
save_state_cb (gpointer data)
{
  StudioGameTable *self = data;
  GVariantBuilder widths;
  gboolean descending;
  GtkColumnViewColumn *sort_column = studio_game_table_get_sort (self, &descending);
  const char *sort_id = "";

  self->save_timeout = 0;
  if (self->settings == NULL)
    return;
  g_variant_builder_init (&widths, G_VARIANT_TYPE ("ai"));
  for (guint i = 0; i < G_N_ELEMENTS (columns); i++)
    {
      g_variant_builder_add (&widths, "i", gtk_column_view_column_get_fixed_width (self->view_columns[i]));
      if (self->view_columns[i] == sort_column)
        sort_id = columns[i].id;
    }
  g_settings_set_value (self->settings, "game-list-widths", g_variant_builder_end (&widths));
  g_settings_set (self->settings, "game-list-sort", "(sb)", sort_id, descending);
}

static void
state_changed_cb (StudioGameTable *self)
{
  /* (Not while the window goes.) */
  if (self->view == NULL)
    return;
  if (self->save_timeout == 0)
    self->save_timeout = g_timeout_add_once (500, save_state_cb, self);
}

static gboolean
cell_query_tooltip_cb (GtkWidget  *label,
                       int         x,
                       int         y,
                       gboolean    keyboard_mode,
                       GtkTooltip *tooltip)
{
  const char *text = gtk_label_get_label (GTK_LABEL (label));

  if (text == NULL || text[0] == '\0')
    return FALSE;
  gtk_tooltip_set_text (tooltip, text);
  return TRUE;
}

static void
cell_setup_cb (GtkSignalListItemFactory *factory,
               GtkListItem              *item,
               gpointer                  user_data)
{
  const Column *column = user_data;
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), column->numeric ? 1 : 0);
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  if (column->numeric)
    gtk_widget_add_css_class (label, "numeric");
  else
    {
      /* The full text where it is cut, asked for when the tooltip shows:
       * gtk_widget_set_tooltip_text() at each bind asked the display
       * where the pointer is (an X round trip per cell: a re-sorted
       * screen of rows stalled the window for a second and more). */
      gtk_widget_set_has_tooltip (label, TRUE);
      g_signal_connect (label, "query-tooltip", G_CALLBACK (cell_query_tooltip_cb), NULL);
    }
  gtk_list_item_set_child (item, label);
}

static void
cell_bind_cb (GtkSignalListItemFactory *factory,
              GtkListItem              *item,
              gpointer                  user_data)
{
  const Column *column = user_data;
  GObject *row = gtk_list_item_get_item (item);
  GtkLabel *label = GTK_LABEL (gtk_list_item_get_child (item));
  g_auto(GValue) value = G_VALUE_INIT;

  g_object_get_property (row, column->property, &value);
  if (G_VALUE_HOLDS_UINT (&value))
    {
      g_autofree char *text = g_strdup_printf ("%u", g_value_get_uint (&value));

      gtk_label_set_label (label, text);
    }
  else
    gtk_label_set_label (label, g_value_get_string (&value));
}

/* The sort key of @row in column @i (made once per row). */
static const char *
row_key (StudioGameRow *row,
         guint          i)
{
  if (row->keys[i] == NULL)
    {
      g_autofree char *text = NULL;

      g_object_get (row, columns[i].property, &text, NULL);
      row->keys[i] = g_utf8_collate_key (text != NULL ? text : "", -1);
    }
  return row->keys[i];
}

static guint
row_number (StudioGameRow *row,
            guint          i)
{
  guint value;

  g_object_get (row, columns[i].property, &value, NULL);
  return value;
}

/* Compares two rows by column GPOINTER_TO_UINT (@data), ties in the
 * files' order.  GTK 4.8's column-view sorter has no sort keys: it calls
 * this for every comparison of a sort, hence keys kept on the rows (a
 * sort of 100 000 rows makes each row's key once, not 2 n log n times). */
static int
compare_rows (gconstpointer a,
              gconstpointer b,
              gpointer      data)
{
  StudioGameRow *x = (StudioGameRow *) a;
  StudioGameRow *y = (StudioGameRow *) b;
  guint i = GPOINTER_TO_UINT (data);
  int order;

  if (columns[i].numeric)
    {
      guint m = row_number (x, i), n = row_number (y, i);

      order = m < n ? -1 : m > n;
    }
  else
    order = strcmp (row_key (x, i), row_key (y, i));
  return order < 0 ? GTK_ORDERING_SMALLER : order > 0 ? GTK_ORDERING_LARGER : GTK_ORDERING_EQUAL;
}

static GtkSorter *
column_sorter (guint i)
{
  return GTK_SORTER (gtk_custom_sorter_new (compare_rows, GUINT_TO_POINTER (i), NULL));
}

/* A sort of the rows by one column, made off the main loop's back: the
 * values of the column taken from the rows a slice per turn of the main
 * loop (rows are objects of the main thread), then their collation keys
 * made and sorted in a worker thread; the order replaces the one shown at
 * once.  The same order as compare_rows(): ties in the files' order. */
typedef struct SortJob {
  guint     stamp;
  guint     column;
  gboolean  descending;
  guint     n;        /* rows */
  guint     next;     /* the next row whose value to take */
  char    **texts;    /* by row, a text column's values */
  guint    *numbers;  /* by row, a numeric column's values */
  char    **keys;     /* (worker) the texts' collation keys */
} SortJob;

static void
sort_job_free (gpointer data)
{
  SortJob *job = data;

  if (job->texts != NULL)
    for (guint i = 0; i < job->n; i++)
      g_free (job->texts[i]);
  if (job->keys != NULL)
    for (guint i = 0; i < job->n; i++)
      g_free (job->keys[i]);
  g_free (job->texts);
  g_free (job->keys);
  g_free (job->numbers);
  g_free (job);
}

static int
sort_job_compare (gconstpointer a,
                  gconstpointer b,
                  gpointer      data)
{
  SortJob *job = data;
  guint x = *(const guint *) a, y = *(const guint *) b;
  int order;

  if (job->numbers != NULL)
    order = job->numbers[x] < job->numbers[y] ? -1 : job->numbers[x] > job->numbers[y];
  else
    order = strcmp (job->keys[x], job->keys[y]);
  if (job->descending)
    order = -order;
  return order != 0 ? order : x < y ? -1 : x > y;
}

static void
sort_job_run (GTask        *task,
              gpointer      source_object,
              gpointer      task_data,
              GCancellable *cancellable)
{
  SortJob *job = task_data;
  guint *order = g_new (guint, MAX (job->n, 1));

  if (job->texts != NULL)
    {
      job->keys = g_new0 (char *, MAX (job->n, 1));
      for (guint i = 0; i < job->n; i++)
        job->keys[i] = g_utf8_collate_key (job->texts[i] != NULL ? job->texts[i] : "", -1);
    }
  for (guint i = 0; i < job->n; i++)
    order[i] = i;
  g_qsort_with_data (order, job->n, sizeof (guint), sort_job_compare, job);
  g_task_return_pointer (task, order, g_free);
}

static void
sort_job_done_cb (GObject      *source,
                  GAsyncResult *result,
                  gpointer      user_data)
{
  StudioGameTable *self = STUDIO_GAME_TABLE (source);
  SortJob *job = g_task_get_task_data (G_TASK (result));
  guint *order = g_task_propagate_pointer (G_TASK (result), NULL);
  guint selected, flat = GTK_INVALID_LIST_POSITION;

  /* A newer sort, rows that changed meanwhile or a window gone: void. */
  if (self->sort_model == NULL || job->stamp != self->sort_stamp
      || job->n != g_list_model_get_n_items (G_LIST_MODEL (self->rows)))
    {
      g_free (order);
      return;
    }
  /* Unselected first: GTK 4.8's GtkSingleSelection looks for its item
   * among every item changed (100 000 rows made), then the same game
   * selected again at its new place. */
  selected = gtk_single_selection_get_selected (self->selection);
  if (selected != GTK_INVALID_LIST_POSITION)
    {
      g_autoptr(StudioGameRow) row = g_list_model_get_item (G_LIST_MODEL (self->selection), selected);
      guint doc;

      if (row != NULL && g_ptr_array_find (self->rows->shown, row->document, &doc))
        flat = g_array_index (self->rows->offsets, guint, doc) + row->index;
      gtk_single_selection_set_selected (self->selection, GTK_INVALID_LIST_POSITION);
    }
  studio_sorted_rows_set_order (self->sort_model, order);
  if (flat != GTK_INVALID_LIST_POSITION && gtk_filter_list_model_get_filter (self->filter_model) == NULL)
    for (guint i = 0; i < job->n; i++)
      if (order[i] == flat)
        {
          gtk_single_selection_set_selected (self->selection, i);
          break;
        }
}

/* Takes the sort values of the rows a few milliseconds at a time, then
 * hands them to a worker. */
static gboolean
sort_gather_cb (gpointer data)
{
  StudioGameTable *self = data;
  SortJob *job = self->sort_job;
  gint64 deadline = g_get_monotonic_time () + 4000;
  g_autoptr(GTask) task = NULL;

  while (job->next < job->n)
    {
      g_autoptr(StudioGameRow) row = g_list_model_get_item (G_LIST_MODEL (self->rows), job->next);

      if (columns[job->column].numeric)
        g_object_get (row, columns[job->column].property, &job->numbers[job->next], NULL);
      else
        g_object_get (row, columns[job->column].property, &job->texts[job->next], NULL);
      job->next++;
      if (job->next % 64 == 0 && g_get_monotonic_time () > deadline)
        return G_SOURCE_CONTINUE;
    }
  self->sort_source = 0;
  self->sort_job = NULL;
  task = g_task_new (self, NULL, sort_job_done_cb, NULL);
  g_task_set_task_data (task, job, sort_job_free);
  g_task_run_in_thread (task, sort_job_run);
  return G_SOURCE_REMOVE;
}

static void
sort_cancel (StudioGameTable *self)
{
  self->sort_stamp++;
  g_clear_handle_id (&self->sort_source, g_source_remove);
  g_clear_pointer (&self->sort_job, sort_job_free);
}

static GtkColumnViewColumn *studio_game_table_get_sort (StudioGameTable *self, gboolean *descending);

/* Sorts by the column whose header shows the sort (read once the headers
 * have taken the view's new sort: at the next idle), or goes back to the
 * files' order. */
static gboolean
sort_start_cb (gpointer data)
{
  StudioGameTable *self = data;
  gboolean descending;
  GtkColumnViewColumn *column;
  SortJob *job;
  guint i;

  self->sort_source = 0;
  sort_cancel (self);
  column = studio_game_table_get_sort (self, &descending);
  for (i = 0; i < N_COLUMNS && self->view_columns[i] != column; i++)
    ;
  self->sort_active = column != NULL && i < N_COLUMNS;
  if (!self->sort_active)
    {
      studio_sorted_rows_set_order (self->sort_model, NULL);
      return G_SOURCE_REMOVE;
    }
  job = g_new0 (SortJob, 1);
  job->stamp = self->sort_stamp;
  job->column = i;
  job->descending = descending;
  job->n = g_list_model_get_n_items (G_LIST_MODEL (self->rows));
  if (columns[i].numeric)
    job->numbers = g_new0 (guint, MAX (job->n, 1));
  else
    job->texts = g_new0 (char *, MAX (job->n, 1));
  self->sort_job = job;
  self->sort_source = g_idle_add (sort_gather_cb, self);
  return G_SOURCE_REMOVE;
}

static void sort_changed_cb (StudioGameTable *self);

/* The rows changed: sorted again if they were (or were being). */
static void
rows_changed_cb (StudioGameTable *self)
{
  if (self->sort_active)
    sort_changed_cb (self);
}

/* The view's sort changed, or the rows did: a new sort at the next idle
 * (the rows are in their own order until it is made). */
static void
sort_changed_cb (StudioGameTable *self)
{
  sort_cancel (self);
  self->sort_source = g_idle_add (sort_start_cb, self);
}

static void
studio_game_table_restore_state (StudioGameTable *self)
{
  g_autoptr(GVariant) widths = NULL;
  g_autofree char *sort_id = NULL;
  gboolean descending = FALSE;

  if (self->settings == NULL)
    return;
  widths = g_settings_get_value (self->settings, "game-list-widths");
  for (guint i = 0; i < G_N_ELEMENTS (columns) && i < g_variant_n_children (widths); i++)
    {
      int width;

      g_variant_get_child (widths, i, "i", &width);
      if (width > 0)
        gtk_column_view_column_set_fixed_width (self->view_columns[i], width);
    }
  g_settings_get (self->settings, "game-list-sort", "(sb)", &sort_id, &descending);
  for (guint i = 0; i < G_N_ELEMENTS (columns); i++)
    if (g_str_equal (sort_id, columns[i].id))
      gtk_column_view_sort_by_column (self->view, self->view_columns[i],
                                      descending ? GTK_SORT_DESCENDING : GTK_SORT_ASCENDING);
}

/* Escape in the search: clears it, or closes the window when it is
 * already empty (the entry's own Escape binding would keep Escape from the
 * window's shortcut). */
static void
search_stopped_cb (StudioGameTable *self)
{
  if (*gtk_editable_get_text (GTK_EDITABLE (self->search)) != '\0')
    gtk_editable_set_text (GTK_EDITABLE (self->search), "");
  else
    gtk_window_close (GTK_WINDOW (self));
}

static void
studio_game_table_dispose (GObject *object)
{
  StudioGameTable *self = STUDIO_GAME_TABLE (object);

  if (self->save_timeout != 0)
    {
      g_source_remove (self->save_timeout);
      save_state_cb (self);
    }
  sort_cancel (self);
  if (self->rows != NULL)
    g_signal_handlers_disconnect_by_data (self->rows, self);
  if (self->filter_model != NULL)
    g_signal_handlers_disconnect_by_data (self->filter_model, self);
  if (self->view != NULL)
    {
      gtk_column_view_set_model (self->view, NULL);
      g_signal_handlers_disconnect_by_data (gtk_column_view_get_sorter (self->view), self);
      for (guint i = 0; i < G_N_ELEMENTS (columns); i++)
        g_signal_handlers_disconnect_by_data (self->view_columns[i], self);
    }
  g_clear_object (&self->view);
  g_clear_object (&self->settings);
  g_clear_object (&self->documents);
  g_clear_object (&self->rows);
  g_clear_object (&self->sort_model);
  g_clear_object (&self->filter_model);
  g_clear_object (&self->selection);
  g_clear_pointer (&self->query, g_free);
  G_OBJECT_CLASS (studio_game_table_parent_class)->dispose (object);
}

static void
studio_game_table_class_init (StudioGameTableClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = studio_game_table_dispose;

  /**
   * StudioGameTable::game-activated:
   * @document: (type StudioDocument): the document that holds the game
   * @index: the game's position there
   *
   * The user chose a game of the table (a double click, Enter).
   */
  g_signal_new ("game-activated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                G_TYPE_NONE, 2, STUDIO_TYPE_DOCUMENT, G_TYPE_UINT);
}

static void
studio_game_table_init (StudioGameTable *self)
{
  GtkWidget *toolbar_box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GtkWidget *header = adw_header_bar_new ();
  GtkWidget *bar = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *scroller = gtk_scrolled_window_new ();
  GtkWidget *empty = adw_status_page_new ();
  GtkEventController *keys = gtk_shortcut_controller_new ();
  g_autoptr(GtkStringList) variants = gtk_string_list_new (NULL);
  g_autoptr(GtkStringList) results = gtk_string_list_new (NULL);

  gtk_window_set_title (GTK_WINDOW (self), _("Games of the Open Files"));
  gtk_window_set_default_size (GTK_WINDOW (self), 1000, 620);
  gtk_window_set_hide_on_close (GTK_WINDOW (self), FALSE);

  self->search = GTK_SEARCH_ENTRY (gtk_search_entry_new ());
  g_object_set (self->search, "placeholder-text", _("Search every tag: players, event, site, date…"), NULL);
  gtk_widget_set_hexpand (GTK_WIDGET (self->search), TRUE);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->search), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Search the games"), -1);
  g_signal_connect_object (self->search, "search-changed", G_CALLBACK (search_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->search, "stop-search", G_CALLBACK (search_stopped_cb), self, G_CONNECT_SWAPPED);

  gtk_string_list_append (variants, _("All Variants"));
  for (guint i = 0; cheops_variants[i] != NULL; i++)
    gtk_string_list_append (variants, _(cheops_variants[i]->title));
  self->variant_filter = GTK_DROP_DOWN (gtk_drop_down_new (G_LIST_MODEL (g_steal_pointer (&variants)), NULL));
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->variant_filter), _("Only the games of a variant"));
  g_signal_connect_object (self->variant_filter, "notify::selected", G_CALLBACK (variant_changed_cb), self, G_CONNECT_SWAPPED);

  gtk_string_list_append (results, _("All Results"));
  /* Translators: the result filter's choices: the Result tag's values */
  gtk_string_list_append (results, _("1-0 (first colour won)"));
  gtk_string_list_append (results, _("0-1 (second colour won)"));
  gtk_string_list_append (results, _("1/2-1/2 (draw)"));
  gtk_string_list_append (results, _("* (unfinished)"));
  self->result_filter = GTK_DROP_DOWN (gtk_drop_down_new (G_LIST_MODEL (g_steal_pointer (&results)), NULL));
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->result_filter), _("Only the games of a result"));
  g_signal_connect_object (self->result_filter, "notify::selected", G_CALLBACK (result_changed_cb), self, G_CONNECT_SWAPPED);

  self->count_label = GTK_LABEL (gtk_label_new (NULL));
  gtk_widget_add_css_class (GTK_WIDGET (self->count_label), "dim-label");
  gtk_widget_add_css_class (GTK_WIDGET (self->count_label), "numeric");

  gtk_widget_set_margin_start (bar, 12);
  gtk_widget_set_margin_end (bar, 12);
  gtk_widget_set_margin_top (bar, 6);
  gtk_widget_set_margin_bottom (bar, 6);
  gtk_box_append (GTK_BOX (bar), GTK_WIDGET (self->search));
  gtk_box_append (GTK_BOX (bar), GTK_WIDGET (self->variant_filter));
  gtk_box_append (GTK_BOX (bar), GTK_WIDGET (self->result_filter));
  gtk_box_append (GTK_BOX (bar), GTK_WIDGET (self->count_label));

  /* Held until dispose, where the widths and the sort are saved (the
   * window's content goes before). */
  self->view = g_object_ref (GTK_COLUMN_VIEW (gtk_column_view_new (NULL)));
  gtk_column_view_set_reorderable (self->view, FALSE);
  gtk_column_view_set_show_column_separators (self->view, TRUE);
  gtk_widget_add_css_class (GTK_WIDGET (self->view), "data-table");
  for (guint i = 0; i < G_N_ELEMENTS (columns); i++)
    {
      GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();
      GtkColumnViewColumn *column;
      g_autoptr(GtkSorter) sorter = column_sorter (i);

      g_signal_connect (factory, "setup", G_CALLBACK (cell_setup_cb), (gpointer) &columns[i]);
      g_signal_connect (factory, "bind", G_CALLBACK (cell_bind_cb), (gpointer) &columns[i]);
      column = gtk_column_view_column_new (_(columns[i].title), factory);
      gtk_column_view_column_set_resizable (column, TRUE);
      gtk_column_view_column_set_expand (column, columns[i].expand);
      gtk_column_view_column_set_fixed_width (column, columns[i].width);
      gtk_column_view_column_set_sorter (column, sorter);
      gtk_column_view_append_column (self->view, column);
      self->view_columns[i] = column;
      g_signal_connect_object (column, "notify::fixed-width", G_CALLBACK (state_changed_cb), self, G_CONNECT_SWAPPED);
      g_object_unref (column);
    }
  g_signal_connect_object (self->view, "activate", G_CALLBACK (activate_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (gtk_column_view_get_sorter (self->view), "changed",
                           G_CALLBACK (state_changed_cb), self, G_CONNECT_SWAPPED);

  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroller), GTK_WIDGET (self->view));
  gtk_widget_set_vexpand (scroller, TRUE);

  adw_status_page_set_icon_name (ADW_STATUS_PAGE (empty), "edit-find-symbolic");
  adw_status_page_set_title (ADW_STATUS_PAGE (empty), _("No Game Matches"));
  adw_status_page_set_description (ADW_STATUS_PAGE (empty), _("Try other words or filters"));

  self->stack = GTK_STACK (gtk_stack_new ());
  gtk_stack_add_named (self->stack, scroller, "table");
  gtk_stack_add_named (self->stack, empty, "empty");

  gtk_box_append (GTK_BOX (toolbar_box), header);
  gtk_box_append (GTK_BOX (toolbar_box), bar);
  gtk_box_append (GTK_BOX (toolbar_box), GTK_WIDGET (self->stack));
  adw_window_set_content (ADW_WINDOW (self), toolbar_box);

  /* Escape closes, as GNOME's dialogs do. */
  gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (keys),
                                        gtk_shortcut_new (gtk_keyval_trigger_new (GDK_KEY_Escape, 0),
                                                          gtk_named_action_new ("window.close")));
  gtk_widget_add_controller (GTK_WIDGET (self), keys);
}

/**
 * studio_game_table_new:
 * @documents: a #GListModel of #StudioDocument: the open files
 * @settings: (nullable): the studio's settings, where the columns' widths
 *   and the sort are kept
 *
 * The game list of @documents (see the top of this file).  It emits
 * ::game-activated when the user chooses a game.
 *
 * Returns: (transfer full): a new window, not shown
 */
StudioGameTable *
studio_game_table_new (GListModel *documents,
                       GSettings  *settings)
{
  StudioGameTable *self;

  g_return_val_if_fail (G_IS_LIST_MODEL (documents), NULL);

  self = g_object_new (STUDIO_TYPE_GAME_TABLE, NULL);
  self->documents = g_object_ref (documents);
  self->settings = settings != NULL ? g_object_ref (settings) : NULL;
  self->rows = studio_game_rows_new (documents);

  /* Sorted (by the view's sorter: the header clicked), then filtered a
   * slice per main-loop turn: a new search keeps the order without
   * sorting again, and finds the rows the sort keeps with their texts. */
  self->sort_model = studio_sorted_rows_new (G_LIST_MODEL (self->rows));
  g_signal_connect_object (gtk_column_view_get_sorter (self->view), "changed",
                           G_CALLBACK (sort_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->rows, "items-changed", G_CALLBACK (rows_changed_cb), self, G_CONNECT_SWAPPED);
  self->filter = gtk_custom_filter_new (filter_func, self, NULL);
  self->filter_model = gtk_filter_list_model_new (g_object_ref (G_LIST_MODEL (self->sort_model)), NULL);
  gtk_filter_list_model_set_incremental (self->filter_model, TRUE);
  self->selection = gtk_single_selection_new (g_object_ref (G_LIST_MODEL (self->filter_model)));
  gtk_single_selection_set_autoselect (self->selection, FALSE);
  gtk_single_selection_set_can_unselect (self->selection, TRUE);
  gtk_column_view_set_model (self->view, GTK_SELECTION_MODEL (self->selection));
  g_signal_connect_object (self->filter_model, "items-changed", G_CALLBACK (update_count), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->filter_model, "notify::pending", G_CALLBACK (update_count), self, G_CONNECT_SWAPPED);

  studio_game_table_restore_state (self);
  update_count (self);
  return self;
}

/**
 * studio_game_table_get_view:
 * @self: a #StudioGameTable
 *
 * Returns: (transfer none): the table (for tests)
 */
GtkColumnView *
studio_game_table_get_view (StudioGameTable *self)
{
  g_return_val_if_fail (STUDIO_IS_GAME_TABLE (self), NULL);
  return self->view;
}

/**
 * studio_game_table_get_search:
 * @self: a #StudioGameTable
 *
 * Returns: (transfer none): the search entry (for tests)
 */
GtkEditable *
studio_game_table_get_search (StudioGameTable *self)
{
  g_return_val_if_fail (STUDIO_IS_GAME_TABLE (self), NULL);
  return GTK_EDITABLE (self->search);
}

/**
 * studio_game_table_get_variant_filter:
 * @self: a #StudioGameTable
 *
 * Returns: (transfer none): the variant filter: 0 all, i + 1 for
 *   cheops_variants[i] (for tests)
 */
GtkDropDown *
studio_game_table_get_variant_filter (StudioGameTable *self)
{
  g_return_val_if_fail (STUDIO_IS_GAME_TABLE (self), NULL);
  return self->variant_filter;
}

/**
 * studio_game_table_get_result_filter:
 * @self: a #StudioGameTable
 *
 * Returns: (transfer none): the result filter: 0 all, then "1-0", "0-1",
 *   "1/2-1/2", "*" (for tests)
 */
GtkDropDown *
studio_game_table_get_result_filter (StudioGameTable *self)
{
  g_return_val_if_fail (STUDIO_IS_GAME_TABLE (self), NULL);
  return self->result_filter;
}

/**
 * studio_game_table_get_model:
 * @self: a #StudioGameTable
 *
 * Returns: (transfer none): the rows listed (#StudioGameRow), sorted and
 *   filtered, as a #GtkSingleSelection
 */
GListModel *
studio_game_table_get_model (StudioGameTable *self)
{
  g_return_val_if_fail (STUDIO_IS_GAME_TABLE (self), NULL);
  return G_LIST_MODEL (self->selection);
}
