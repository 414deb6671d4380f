/* cheops-game-list.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The game list (cheops-game-list.h): the games of the collections are
 * numbered one after the other (a game's id: its collection's base + its
 * index); the list keeps all ids in the order of the sort, and the ids
 * that pass the filters in that order, which are its items.  Entries are
 * made when asked for.
 *
 * The text filter folds the case of each distinct string of a collection
 * once (the collection's string pool, where each tag value is stored once)
 * and then, per word searched for, marks the strings that hold it: a game
 * matches when one of its tag values is marked.
 */
#define G_LOG_DOMAIN "cheops-game"

#include <string.h>

#include "cheops-collection-private.h"
#include "cheops-game-list.h"

/* Entries. */

struct _CheopsGameEntry {
  GObject           parent_instance;
  CheopsCollection *collection;
  guint             index;
};

enum {
  ENTRY_PROP_0,
  ENTRY_PROP_COLLECTION,
  ENTRY_PROP_INDEX,
  ENTRY_PROP_VARIANT,
  ENTRY_PROP_PLAYER0,
  ENTRY_PROP_PLAYER1,
  ENTRY_PROP_RESULT,
  ENTRY_PROP_DATE,
  ENTRY_PROP_EVENT,
  ENTRY_PROP_PLIES,
  ENTRY_PROP_ERROR,
  ENTRY_N_PROPS
};

static GParamSpec *entry_properties[ENTRY_N_PROPS];
static gint entries_alive;

G_DEFINE_FINAL_TYPE (CheopsGameEntry, cheops_game_entry, G_TYPE_OBJECT)

static void
cheops_game_entry_finalize (GObject *object)
{
  CheopsGameEntry *self = (CheopsGameEntry *) object;

  g_clear_object (&self->collection);
  g_atomic_int_add (&entries_alive, -1);
  G_OBJECT_CLASS (cheops_game_entry_parent_class)->finalize (object);
}

static void
cheops_game_entry_get_property (GObject    *object,
                                guint       prop_id,
                                GValue     *value,
                                GParamSpec *pspec)
{
  CheopsGameEntry *self = (CheopsGameEntry *) object;
  CheopsCollection *c = self->collection;
  guint line, column;
  const char *message;

  switch (prop_id)
    {
    case ENTRY_PROP_COLLECTION:
      g_value_set_object (value, c);
      break;
    case ENTRY_PROP_INDEX:
      g_value_set_uint (value, self->index);
      break;
    case ENTRY_PROP_VARIANT:
      g_value_set_string (value, cheops_collection_get_variant (c, self->index)->title);
      break;
    case ENTRY_PROP_PLAYER0:
      g_value_set_string (value, cheops_collection_get_player (c, self->index, 0));
      break;
    case ENTRY_PROP_PLAYER1:
      g_value_set_string (value, cheops_collection_get_player (c, self->index, 1));
      break;
    case ENTRY_PROP_RESULT:
      g_value_set_string (value, cheops_game_result_to_string (cheops_collection_get_result (c, self->index)));
      break;
    case ENTRY_PROP_DATE:
      g_value_set_string (value, cheops_collection_get_tag (c, self->index, "Date"));
      break;
    case ENTRY_PROP_EVENT:
      g_value_set_string (value, cheops_collection_get_tag (c, self->index, "Event"));
      break;
    case ENTRY_PROP_PLIES:
      g_value_set_uint (value, cheops_collection_get_plies (c, self->index));
      break;
    case ENTRY_PROP_ERROR:
      if (cheops_collection_get_error (c, self->index, &line, &column, &message))
        g_value_take_string (value, g_strdup_printf ("%u:%u: %s", line, column, message));
      else
        g_value_set_string (value, NULL);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
cheops_game_entry_class_init (CheopsGameEntryClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  const GParamFlags flags = G_PARAM_READABLE | G_PARAM_STATIC_STRINGS;

  object_class->finalize = cheops_game_entry_finalize;
  object_class->get_property = cheops_game_entry_get_property;

  entry_properties[ENTRY_PROP_COLLECTION] =
    g_param_spec_object ("collection", NULL, NULL, CHEOPS_TYPE_COLLECTION, flags);
  entry_properties[ENTRY_PROP_INDEX] = g_param_spec_uint ("index", NULL, NULL, 0, G_MAXUINT, 0, flags);
  entry_properties[ENTRY_PROP_VARIANT] = g_param_spec_string ("variant", NULL, NULL, NULL, flags);
  entry_properties[ENTRY_PROP_PLAYER0] = g_param_spec_string ("player0", NULL, NULL, NULL, flags);
  entry_properties[ENTRY_PROP_PLAYER1] = g_param_spec_string ("player1", NULL, NULL, NULL, flags);
  entry_properties[ENTRY_PROP_RESULT] = g_param_spec_string ("result", NULL, NULL, NULL, flags);
  entry_properties[ENTRY_PROP_DATE] = g_param_spec_string ("date", NULL, NULL, NULL, flags);
  entry_properties[ENTRY_PROP_EVENT] = g_param_spec_string ("event", NULL, NULL, NULL, flags);
  entry_properties[ENTRY_PROP_PLIES] = g_param_spec_uint ("plies", NULL, NULL, 0, G_MAXUINT, 0, flags);
  entry_properties[ENTRY_PROP_ERROR] = g_param_spec_string ("error", NULL, NULL, NULL, flags);
  g_object_class_install_properties (object_class, ENTRY_N_PROPS, entry_properties);
}

static void
cheops_game_entry_init (CheopsGameEntry *self)
{
  g_atomic_int_inc (&entries_alive);
}

static CheopsGameEntry *
cheops_game_entry_new (CheopsCollection *collection,
                       guint             index)
{
  CheopsGameEntry *self = g_object_new (CHEOPS_TYPE_GAME_ENTRY, NULL);

  self->collection = g_object_ref (collection);
  self->index = index;
  return self;
}

CheopsCollection *
cheops_game_entry_get_collection (CheopsGameEntry *self)
{
  g_return_val_if_fail (CHEOPS_IS_GAME_ENTRY (self), NULL);
  return self->collection;
}

guint
cheops_game_entry_get_index (CheopsGameEntry *self)
{
  g_return_val_if_fail (CHEOPS_IS_GAME_ENTRY (self), 0);
  return self->index;
}

CheopsGame *
cheops_game_entry_read_game (CheopsGameEntry *self,
                             GPtrArray       *errors,
                             GError         **error)
{
  g_return_val_if_fail (CHEOPS_IS_GAME_ENTRY (self), NULL);
  return cheops_collection_read_game (self->collection, self->index, errors, error);
}

guint
cheops_game_entry_count_alive (void)
{
  return (guint) g_atomic_int_get (&entries_alive);
}

/* The list. */

/* One collection of the list, and what the list made of it. */
typedef struct {
  CheopsCollection           *collection;
  const CheopsCollectionData *data;
  guint                       base;          /* the id of its first game */
  /* For the text filter, made on first use: the pool's strings one by one
   * ("entries"), their folded forms, each tag value's entry. */
  guint32                    *entry_offset;  /* pool offset of each entry, ascending */
  guint32                    *entry_folded;  /* offset of its folded form in folded */
  guint                       n_entries;
  GString                    *folded;
  guint32                    *tag_entry;     /* per tag of the collection */
  char                      **collate;       /* per entry, made when sorted by */
  char                       *variant_collate[CHEOPS_COLLECTION_MAX_VARIANTS];
} Source;

struct _CheopsGameList {
  GObject               parent_instance;

  GPtrArray            *sources;      /* of Source */
  guint                 n_games;
  GArray               *order;        /* guint32 ids, sorted */
  GArray               *visible;      /* guint32 ids that pass the filters, sorted */

  const CheopsVariant  *variant;
  guint                 results;
  char                **words;        /* folded, NULL-terminated, or NULL */
  CheopsGameListColumn  column;
  gboolean              descending;
};

static void list_model_iface_init (GListModelInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (CheopsGameList, cheops_game_list, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (G_TYPE_LIST_MODEL, list_model_iface_init))

static void
source_free (Source *s)
{
  g_object_unref (s->collection);
  g_free (s->entry_offset);
  g_free (s->entry_folded);
  if (s->folded != NULL)
    g_string_free (s->folded, TRUE);
  g_free (s->tag_entry);
  if (s->collate != NULL)
    for (guint i = 0; i < s->n_entries; i++)
      g_free (s->collate[i]);
  g_free (s->collate);
  for (guint i = 0; i < CHEOPS_COLLECTION_MAX_VARIANTS; i++)
    g_free (s->variant_collate[i]);
  g_free (s);
}

/* The folded form of @text for searching: case folded and normalized
 * (ASCII, most tags, by a fast path that gives the same). */
static void
append_folded (GString    *out,
               const char *text)
{
  const char *c;
  g_autofree char *valid = NULL;
  g_autofree char *normal = NULL;
  g_autofree char *folded = NULL;

  for (c = text; *c != '\0' && !((guchar) *c & 0x80); c++)
    ;
  if (*c == '\0')
    {
      gsize start = out->len;

      g_string_append (out, text);
      for (gsize i = start; i < out->len; i++)
        out->str[i] = g_ascii_tolower (out->str[i]);
      return;
    }
  valid = g_utf8_make_valid (text, -1);
  normal = g_utf8_normalize (valid, -1, G_NORMALIZE_ALL);
  folded = g_utf8_casefold (normal != NULL ? normal : valid, -1);
  g_string_append (out, folded);
}

static char *
fold (const char *text)
{
  GString *out = g_string_new (NULL);

  append_folded (out, text);
  return g_string_free (out, FALSE);
}

/* The entry whose string holds pool offset @offset. */
static guint
entry_of (const Source *s,
          guint32       offset)
{
  guint lo = 0, hi = s->n_entries;

  while (hi - lo > 1)
    {
      guint mid = lo + (hi - lo) / 2;

      if (s->entry_offset[mid] <= offset)
        lo = mid;
      else
        hi = mid;
    }
  return lo;
}

static void
source_prepare_entries (Source *s)
{
  const CheopsCollectionData *d = s->data;
  GArray *offsets;

  if (s->entry_offset != NULL)
    return;
  offsets = g_array_new (FALSE, FALSE, sizeof (guint32));
  for (guint32 at = 0; at < d->pool_size; at += (guint32) strlen (d->pool + at) + 1)
    g_array_append_val (offsets, at);
  s->n_entries = offsets->len;
  s->entry_offset = (guint32 *) (gpointer) g_array_free (offsets, FALSE);
  s->tag_entry = g_new (guint32, MAX (d->n_tags, 1));
  for (guint64 t = 0; t < d->n_tags; t++)
    s->tag_entry[t] = entry_of (s, d->tags[t].value);
}

static void
source_prepare_text (Source *s)
{
  if (s->folded != NULL)
    return;
  source_prepare_entries (s);
  s->folded = g_string_sized_new (s->data->pool_size);
  s->entry_folded = g_new (guint32, MAX (s->n_entries, 1));
  for (guint e = 0; e < s->n_entries; e++)
    {
      s->entry_folded[e] = (guint32) s->folded->len;
      append_folded (s->folded, s->data->pool + s->entry_offset[e]);
      g_string_append_c (s->folded, '\0');
    }
}

static void
cheops_game_list_finalize (GObject *object)
{
  CheopsGameList *self = (CheopsGameList *) object;

  g_ptr_array_unref (self->sources);
  g_array_unref (self->order);
  g_array_unref (self->visible);
  g_strfreev (self->words);
  G_OBJECT_CLASS (cheops_game_list_parent_class)->finalize (object);
}

static void
cheops_game_list_class_init (CheopsGameListClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = cheops_game_list_finalize;
}

static void
cheops_game_list_init (CheopsGameList *self)
{
  self->sources = g_ptr_array_new_with_free_func ((GDestroyNotify) source_free);
  self->order = g_array_new (FALSE, FALSE, sizeof (guint32));
  self->visible = g_array_new (FALSE, FALSE, sizeof (guint32));
  self->results = CHEOPS_GAME_LIST_ALL_RESULTS;
  self->column = CHEOPS_GAME_LIST_COLUMN_FILE_ORDER;
}

CheopsGameList *
cheops_game_list_new (void)
{
  return g_object_new (CHEOPS_TYPE_GAME_LIST, NULL);
}

/* The index of the source of game @id in sources, and the game's index
 * in its collection. */
static guint
source_index_of (CheopsGameList *self,
                 guint32         id,
                 guint          *index)
{
  guint lo = 0, hi = self->sources->len;

  while (hi - lo > 1)
    {
      guint mid = lo + (hi - lo) / 2;

      if (((Source *) self->sources->pdata[mid])->base <= id)
        lo = mid;
      else
        hi = mid;
    }
  *index = id - ((Source *) self->sources->pdata[lo])->base;
  return lo;
}

/* Filtering. */

/* Whether word @w of the filter is in a tag value of game @g of @s:
 * @marks[w] marks the entries that hold word w. */
static gboolean
game_has_words (CheopsGameList *self,
                Source         *s,
                guint           g,
                guint8 *const  *marks,
                const gboolean *in_title)
{
  const CheopsGameRecord *r = &s->data->games[g];

  for (guint w = 0; self->words[w] != NULL; w++)
    {
      gboolean found = in_title[w * CHEOPS_COLLECTION_MAX_VARIANTS + r->variant];

      for (guint t = 0; !found && t < r->n_tags; t++)
        found = marks[w][s->tag_entry[r->tags_start + t]];
      if (!found)
        return FALSE;
    }
  return TRUE;
}

/* Recomputes the visible ids from the order and the filters, and tells the
 * views. */
static void
refilter (CheopsGameList *self)
{
  guint old_len = self->visible->len;
  guint n_words = self->words != NULL ? g_strv_length (self->words) : 0;
  /* Per source: the marks of each word, which variant titles hold it. */
  g_autoptr(GPtrArray) source_marks = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) source_titles = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; n_words > 0 && i < self->sources->len; i++)
    {
      Source *s = self->sources->pdata[i];
      guint8 **marks = g_new0 (guint8 *, n_words + 1);
      gboolean *in_title = g_new0 (gboolean, (gsize) n_words * CHEOPS_COLLECTION_MAX_VARIANTS);

      source_prepare_text (s);
      for (guint w = 0; w < n_words; w++)
        {
          /* One block: freed with the array of the words. */
          marks[w] = g_malloc0 (s->n_entries);
          for (guint e = 0; e < s->n_entries; e++)
            marks[w][e] = strstr (s->folded->str + s->entry_folded[e], self->words[w]) != NULL;
          for (guint v = 0; v < s->data->n_variants; v++)
            {
              g_autofree char *title = fold (s->data->variants[v]->title);

              in_title[w * CHEOPS_COLLECTION_MAX_VARIANTS + v] = strstr (title, self->words[w]) != NULL;
            }
        }
      g_ptr_array_add (source_marks, marks);
      g_ptr_array_add (source_titles, in_title);
    }

  g_array_set_size (self->visible, 0);
  for (guint i = 0; i < self->order->len; i++)
    {
      guint32 id = g_array_index (self->order, guint32, i);
      guint g;
      guint si = source_index_of (self, id, &g);
      Source *s = self->sources->pdata[si];
      const CheopsGameRecord *r = &s->data->games[g];

      if (self->variant != NULL && s->data->variants[r->variant] != self->variant)
        continue;
      if (!(self->results & (1u << r->result)))
        continue;
      if (n_words > 0 && !game_has_words (self, s, g, source_marks->pdata[si], source_titles->pdata[si]))
        continue;
      g_array_append_val (self->visible, id);
    }

  for (guint i = 0; i < source_marks->len; i++)
    {
      guint8 **marks = source_marks->pdata[i];

      for (guint w = 0; w < n_words; w++)
        g_free (marks[w]);
    }
  if (old_len != 0 || self->visible->len != 0)
    g_list_model_items_changed (G_LIST_MODEL (self), 0, old_len, self->visible->len);
}

void
cheops_game_list_set_variant_filter (CheopsGameList      *self,
                                     const CheopsVariant *variant)
{
  g_return_if_fail (CHEOPS_IS_GAME_LIST (self));
  if (self->variant == variant)
    return;
  self->variant = variant;
  refilter (self);
}

void
cheops_game_list_set_result_filter (CheopsGameList *self,
                                    guint           results)
{
  g_return_if_fail (CHEOPS_IS_GAME_LIST (self));
  results &= CHEOPS_GAME_LIST_ALL_RESULTS;
  if (self->results == results)
    return;
  self->results = results;
  refilter (self);
}

void
cheops_game_list_set_search_text (CheopsGameList *self,
                                  const char     *text)
{
  g_autofree char *folded = NULL;
  g_auto(GStrv) words = NULL;
  GPtrArray *kept;

  g_return_if_fail (CHEOPS_IS_GAME_LIST (self));
  folded = fold (text != NULL ? text : "");
  words = g_strsplit_set (folded, " \t\n\r\f\v", -1);
  kept = g_ptr_array_new ();
  for (guint i = 0; words[i] != NULL; i++)
    if (words[i][0] != '\0')
      g_ptr_array_add (kept, g_strdup (words[i]));
  if (kept->len == 0)
    {
      g_ptr_array_free (kept, TRUE);
      if (self->words == NULL)
        return;
      g_clear_pointer (&self->words, g_strfreev);
      refilter (self);
      return;
    }
  g_ptr_array_add (kept, NULL);
  if (self->words != NULL && g_strv_equal ((const char *const *) self->words, (const char *const *) kept->pdata))
    {
      g_strfreev ((char **) g_ptr_array_free (kept, FALSE));
      return;
    }
  g_strfreev (self->words);
  self->words = (char **) g_ptr_array_free (kept, FALSE);
  refilter (self);
}

/* Sorting. */

typedef struct {
  guint32     id;
  guint32     number;   /* numeric columns */
  const char *text;     /* text columns: a collation key */
} SortItem;

static int
compare_sort_items (gconstpointer a,
                    gconstpointer b,
                    gpointer      user_data)
{
  const SortItem *x = a, *y = b;
  gboolean descending = GPOINTER_TO_INT (user_data);
  int c = 0;

  if (x->text != NULL && y->text != NULL)
    c = strcmp (x->text, y->text);
  else if (x->number != y->number)
    c = x->number < y->number ? -1 : 1;
  if (c != 0)
    return descending ? -c : c;
  return x->id < y->id ? -1 : x->id > y->id;
}

static const char *
entry_collate (Source *s,
               guint32 pool_offset)
{
  guint e;

  source_prepare_entries (s);
  if (s->collate == NULL)
    s->collate = g_new0 (char *, MAX (s->n_entries, 1));
  e = entry_of (s, pool_offset);
  if (s->collate[e] == NULL)
    s->collate[e] = g_utf8_collate_key (s->data->pool + s->entry_offset[e], -1);
  return s->collate[e];
}

/* The pool offset of game @g's tag @name (0: "" when it has none). */
static guint32
tag_offset (const CheopsCollectionData *d,
            guint                       g,
            const char                 *name)
{
  const CheopsGameRecord *r = &d->games[g];

  for (guint t = 0; t < r->n_tags; t++)
    if (strcmp (d->pool + d->tags[r->tags_start + t].name, name) == 0)
      return d->tags[r->tags_start + t].value;
  return 0;
}

static void
resort (CheopsGameList *self)
{
  g_autofree SortItem *items = g_new0 (SortItem, MAX (self->n_games, 1));
  static const guint8 result_rank[] = {
    [CHEOPS_GAME_RESULT_COLOUR0_WINS] = 0, [CHEOPS_GAME_RESULT_COLOUR1_WINS] = 1,
    [CHEOPS_GAME_RESULT_DRAW] = 2, [CHEOPS_GAME_RESULT_UNFINISHED] = 3,
  };

  g_array_set_size (self->order, self->n_games);
  for (guint i = 0; i < self->sources->len; i++)
    {
      Source *s = self->sources->pdata[i];
      const CheopsCollectionData *d = s->data;

      for (guint g = 0; g < d->n_games; g++)
        {
          const CheopsGameRecord *r = &d->games[g];
          SortItem *item = &items[s->base + g];
          const CheopsVariant *v = d->variants[r->variant];

          item->id = s->base + g;
          switch (self->column)
            {
            case CHEOPS_GAME_LIST_COLUMN_VARIANT:
              if (s->variant_collate[r->variant] == NULL)
                s->variant_collate[r->variant] = g_utf8_collate_key (v->title, -1);
              item->text = s->variant_collate[r->variant];
              break;
            case CHEOPS_GAME_LIST_COLUMN_PLAYER0:
            case CHEOPS_GAME_LIST_COLUMN_PLAYER1:
              item->text = entry_collate (s, tag_offset (d, g, v->sides[self->column == CHEOPS_GAME_LIST_COLUMN_PLAYER1].tag));
              break;
            case CHEOPS_GAME_LIST_COLUMN_DATE:
              item->text = entry_collate (s, tag_offset (d, g, "Date"));
              break;
            case CHEOPS_GAME_LIST_COLUMN_EVENT:
              item->text = entry_collate (s, tag_offset (d, g, "Event"));
              break;
            case CHEOPS_GAME_LIST_COLUMN_RESULT:
              item->number = r->result < G_N_ELEMENTS (result_rank) ? result_rank[r->result] : 4;
              break;
            case CHEOPS_GAME_LIST_COLUMN_PLIES:
              item->number = r->n_plies;
              break;
            case CHEOPS_GAME_LIST_COLUMN_FILE_ORDER:
            default:
              item->number = item->id;
              break;
            }
        }
    }
  if (self->column != CHEOPS_GAME_LIST_COLUMN_FILE_ORDER || self->descending)
    g_qsort_with_data (items, (gint) self->n_games, sizeof (SortItem), compare_sort_items,
                       GINT_TO_POINTER (self->descending));
  for (guint i = 0; i < self->n_games; i++)
    g_array_index (self->order, guint32, i) = items[i].id;
}

void
cheops_game_list_set_sort (CheopsGameList       *self,
                           CheopsGameListColumn  column,
                           gboolean              descending)
{
  g_return_if_fail (CHEOPS_IS_GAME_LIST (self));
  g_return_if_fail (column <= CHEOPS_GAME_LIST_COLUMN_PLIES);
  descending = !!descending;
  if (self->column == column && self->descending == descending)
    return;
  self->column = column;
  self->descending = descending;
  resort (self);
  refilter (self);
}

/* Collections. */

static void
renumber (CheopsGameList *self)
{
  self->n_games = 0;
  for (guint i = 0; i < self->sources->len; i++)
    {
      Source *s = self->sources->pdata[i];

      s->base = self->n_games;
      self->n_games += s->data->n_games;
    }
}

void
cheops_game_list_add_collection (CheopsGameList   *self,
                                 CheopsCollection *collection)
{
  Source *s;

  g_return_if_fail (CHEOPS_IS_GAME_LIST (self));
  g_return_if_fail (CHEOPS_IS_COLLECTION (collection));
  s = g_new0 (Source, 1);
  s->collection = g_object_ref (collection);
  s->data = _cheops_collection_get_data (collection);
  g_ptr_array_add (self->sources, s);
  renumber (self);
  resort (self);
  refilter (self);
}

gboolean
cheops_game_list_remove_collection (CheopsGameList   *self,
                                    CheopsCollection *collection)
{
  g_return_val_if_fail (CHEOPS_IS_GAME_LIST (self), FALSE);
  for (guint i = 0; i < self->sources->len; i++)
    if (((Source *) self->sources->pdata[i])->collection == collection)
      {
        g_ptr_array_remove_index (self->sources, i);
        renumber (self);
        resort (self);
        refilter (self);
        return TRUE;
      }
  return FALSE;
}

guint
cheops_game_list_get_n_collections (CheopsGameList *self)
{
  g_return_val_if_fail (CHEOPS_IS_GAME_LIST (self), 0);
  return self->sources->len;
}

CheopsCollection *
cheops_game_list_get_collection (CheopsGameList *self,
                                 guint           index)
{
  g_return_val_if_fail (CHEOPS_IS_GAME_LIST (self), NULL);
  g_return_val_if_fail (index < self->sources->len, NULL);
  return ((Source *) self->sources->pdata[index])->collection;
}

guint
cheops_game_list_get_n_games (CheopsGameList *self)
{
  g_return_val_if_fail (CHEOPS_IS_GAME_LIST (self), 0);
  return self->n_games;
}

gboolean
cheops_game_list_find (CheopsGameList   *self,
                       CheopsCollection *collection,
                       guint             index,
                       guint            *position)
{
  g_return_val_if_fail (CHEOPS_IS_GAME_LIST (self), FALSE);
  for (guint i = 0; i < self->sources->len; i++)
    {
      Source *s = self->sources->pdata[i];

      if (s->collection != collection || index >= s->data->n_games)
        continue;
      for (guint p = 0; p < self->visible->len; p++)
        if (g_array_index (self->visible, guint32, p) == s->base + index)
          {
            if (position != NULL)
              *position = p;
            return TRUE;
          }
      return FALSE;
    }
  return FALSE;
}

/* GListModel */

static GType
list_get_item_type (GListModel *model)
{
  return CHEOPS_TYPE_GAME_ENTRY;
}

static guint
list_get_n_items (GListModel *model)
{
  return ((CheopsGameList *) model)->visible->len;
}

static gpointer
list_get_item (GListModel *model,
               guint       position)
{
  CheopsGameList *self = (CheopsGameList *) model;
  Source *s;
  guint index;

  if (position >= self->visible->len)
    return NULL;
  s = self->sources->pdata[source_index_of (self, g_array_index (self->visible, guint32, position), &index)];
  return cheops_game_entry_new (s->collection, index);
}

static void
list_model_iface_init (GListModelInterface *iface)
{
  iface->get_item_type = list_get_item_type;
  iface->get_n_items = list_get_n_items;
  iface->get_item = list_get_item;
}
