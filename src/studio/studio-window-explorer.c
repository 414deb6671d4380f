/* studio-window-explorer.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A position in game collections, in a StudioWindow (issue 23):
 *
 * - Find This Position (win.find-position, Ctrl+Shift+F): the current
 *   position searched in the games of the window's open files (or of the
 *   game files of a folder chosen), in a window listing each game that
 *   passes through it on its main line with the ply where it first stands
 *   there; activating a row opens that game at that ply — in the tab of its
 *   file when the file is open, else in the current tab, or in a new one
 *   when the current tab has unsaved work (_studio_window_show_new_game()).
 * - The Explorer (win.explorer, Ctrl+Shift+E: a view of the side pane,
 *   studio-window-views.c): from the current position, the moves played in
 *   the games of the open files (or of one collection chosen), with their
 *   number of games and the side to move's score, the most played first;
 *   activating a move plays it; it follows the current position.
 *
 * Both use the library's search (cheops-position-search.h, as `cheops
 * search` and `cheops explore` do): the files are loaded as collections
 * (cheops_collection_load_async(): through their position index in the
 * user's cache, built on the first load) and searched in a worker thread
 * (cheops_position_search_async()), so that a large collection never
 * blocks the window.  "The open files" are the files of the window's tabs
 * as saved on disk: a tab's unsaved edits are not searched (a collection
 * is loaded again when its file changes).
 */
#define G_LOG_DOMAIN "studio-window-explorer"

#include "studio-config.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <string.h>

#include "cheops-position-index.h"
#include "cheops-position-search.h"
#include "studio-document.h"
#include "studio-window-private.h"

/* A collection loaded, with the stamp of its file when it was. */
typedef struct {
  CheopsCollection *collection;
  gint64            mtime;
  gint64            size;
} CachedCollection;

static void
cached_collection_free (CachedCollection *c)
{
  g_clear_object (&c->collection);
  g_free (c);
}

typedef struct {
  StudioWindow        *window;          /* the owner (not referenced) */
  GHashTable          *collections;     /* path -> CachedCollection */
  GHashTable          *loads;           /* path -> Load under way (not owned) */
  GCancellable        *load_cancellable; /* the loads', cancelled when the window goes */

  /* The Explorer view. */
  GtkWidget           *view;
  GtkLabel            *source_label;
  GtkWidget           *open_files_button;
  GtkLabel            *status_label;
  GtkListBox          *moves_list;
  char                *chosen;          /* a collection chosen, or NULL: the open files */
  GCancellable        *cancellable;     /* the explorer's search under way */
  CheopsPositionSearch *search;         /* the moves shown */
  guint                update_idle;
  gboolean             shown;           /* win.explorer: the view asked for */
  gboolean             destroyed;
  gboolean             tabs_followed;   /* notify::n-pages connected */       /* the window is going: nothing more shown */
  guint                serial;          /* of the last search asked for */
} Explorer;

static void
explorer_free (Explorer *ex)
{
  g_clear_handle_id (&ex->update_idle, g_source_remove);
  if (ex->cancellable != NULL)
    g_cancellable_cancel (ex->cancellable);
  g_clear_object (&ex->cancellable);
  g_clear_pointer (&ex->search, cheops_position_search_unref);
  g_clear_pointer (&ex->collections, g_hash_table_unref);
  g_clear_pointer (&ex->loads, g_hash_table_unref);
  g_clear_object (&ex->load_cancellable);
  g_free (ex->chosen);
  g_free (ex);
}

static Explorer *
explorer_of (StudioWindow *self)
{
  return g_object_get_data (G_OBJECT (self), "studio-explorer");
}

/* The paths of the files of the window's tabs, in tab order, each once. */
static GPtrArray *
open_file_paths (StudioWindow *self)
{
  GPtrArray *paths = g_ptr_array_new_with_free_func (g_free);
  guint n = studio_window_get_n_tabs (self);

  for (guint i = 0; i < n; i++)
    {
      GFile *file = studio_document_get_file (studio_window_get_tab_document (self, i));
      char *path = file != NULL ? g_file_get_path (file) : NULL;

      if (path == NULL || _studio_window_is_suite_file (file)
          || g_ptr_array_find_with_equal_func (paths, path, g_str_equal, NULL))
        g_free (path);
      else
        g_ptr_array_add (paths, path);
    }
  return paths;
}

/* Loading the collections of some files, then searching them. */

static void
object_unref0 (gpointer object)
{
  if (object != NULL)
    g_object_unref (object);
}

typedef void (*QueryDone) (StudioWindow         *self,
                           CheopsPositionSearch *search,
                           const char           *errors,
                           gpointer              data);

/* A file of the search being read the first time (its index built):
 * @fraction of its bytes read. */
typedef void (*QueryProgress) (StudioWindow *self,
                               const char   *path,
                               double        fraction,
                               gpointer      data);

typedef struct {
  StudioWindow   *self;         /* referenced */
  GPtrArray      *paths;        /* of char* */
  GPtrArray      *collections;  /* slot per path; NULL for a file that could not be read */
  guint           pending;
  GString        *errors;       /* one line per file that could not be read */
  CheopsPosition  position;
  GCancellable   *cancellable;
  QueryDone       done;
  QueryProgress   progress;
  gpointer        data;
} Query;

static void
query_free (Query *q)
{
  g_object_unref (q->self);
  g_ptr_array_unref (q->paths);
  g_ptr_array_unref (q->collections);
  g_string_free (q->errors, TRUE);
  g_clear_object (&q->cancellable);
  g_free (q);
}

static void
query_searched_cb (GObject      *source,
                   GAsyncResult *result,
                   gpointer      user_data)
{
  Query *q = user_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(CheopsPositionSearch) search = cheops_position_search_finish (result, &error);

  if (search == NULL && g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    {
      query_free (q);
      return;
    }
  if (search == NULL)
    g_string_append_printf (q->errors, "%s\n", error->message);
  q->done (q->self, search, q->errors->len > 0 ? q->errors->str : NULL, q->data);
  query_free (q);
}

static void
query_search (Query *q)
{
  g_autoptr(GPtrArray) loaded = g_ptr_array_new ();

  if (g_cancellable_is_cancelled (q->cancellable))
    {
      query_free (q);
      return;
    }
  for (guint i = 0; i < q->collections->len; i++)
    if (q->collections->pdata[i] != NULL)
      g_ptr_array_add (loaded, q->collections->pdata[i]);
  cheops_position_search_async ((CheopsCollection *const *) loaded->pdata, loaded->len, &q->position, NULL, NULL,
                                NULL, q->cancellable, query_searched_cb, q);
}

static gboolean
file_stamp (const char *path,
            gint64     *mtime,
            gint64     *size)
{
  GStatBuf st;

  if (g_stat (path, &st) != 0)
    return FALSE;
  *mtime = (gint64) st.st_mtime;
  *size = (gint64) st.st_size;
  return TRUE;
}

typedef struct {
  Query *q;
  guint  slot;
} LoadData;

/* A file being loaded, once however many searches wait for it: a later
 * position's search does not start it again, and a search given up (the
 * user moved on) does not stop it. */
typedef struct {
  char      *path;
  gint64     mtime, size;   /* the file's stamp when the load began */
  GPtrArray *waiters;       /* of LoadData, owned */
} Load;

/* In the main context: tells the waiting searches still wanted. */
static void
load_progress_cb (double   fraction,
                  gpointer user_data)
{
  Load *load = user_data;

  for (guint i = 0; i < load->waiters->len; i++)
    {
      Query *q = ((LoadData *) load->waiters->pdata[i])->q;

      if (q->progress != NULL && !g_cancellable_is_cancelled (q->cancellable))
        q->progress (q->self, load->path, fraction, q->data);
    }
}

static void
query_loaded_cb (GObject      *source,
                 GAsyncResult *result,
                 gpointer      user_data)
{
  Load *load = user_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(CheopsCollection) collection = cheops_collection_load_finish (result, &error);
  LoadData *first = load->waiters->pdata[0];
  Explorer *ex = explorer_of (first->q->self);

  if (ex != NULL && g_hash_table_lookup (ex->loads, load->path) == load)
    g_hash_table_remove (ex->loads, load->path);
  if (collection != NULL && ex != NULL)
    {
      CachedCollection *c = g_new0 (CachedCollection, 1);

      c->collection = g_object_ref (collection);
      c->mtime = load->mtime;
      c->size = load->size;
      g_hash_table_replace (ex->collections, g_strdup (load->path), c);
    }
  for (guint i = 0; i < load->waiters->len; i++)
    {
      LoadData *ld = load->waiters->pdata[i];
      Query *q = ld->q;

      if (collection != NULL)
        q->collections->pdata[ld->slot] = g_object_ref (collection);
      else if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        g_string_append_printf (q->errors, "%s\n", error->message);
      if (--q->pending == 0)
        query_search (q);
    }
  g_ptr_array_unref (load->waiters);
  g_free (load->path);
  g_free (load);
}

/* Looks for @position in the games of the files at @paths (in that order),
 * each loaded once and kept while its file is unchanged; calls @done with
 * the search (NULL if it could not be made) and the lines of the files that
 * could not be read, or never if @cancellable is cancelled. */
static void
query_start (StudioWindow         *self,
             GPtrArray            *paths,
             const CheopsPosition *position,
             GCancellable         *cancellable,
             QueryDone             done,
             QueryProgress         progress,
             gpointer              data)
{
  Explorer *ex = explorer_of (self);
  Query *q = g_new0 (Query, 1);

  q->self = g_object_ref (self);
  q->paths = g_ptr_array_ref (paths);
  q->collections = g_ptr_array_new_with_free_func (object_unref0);
  q->errors = g_string_new (NULL);
  q->position = *position;
  q->cancellable = cancellable != NULL ? g_object_ref (cancellable) : NULL;
  q->done = done;
  q->progress = progress;
  q->data = data;
  g_ptr_array_set_size (q->collections, paths->len);

  q->pending = 1;   /* until every load is started */
  for (guint i = 0; i < paths->len; i++)
    {
      const char *path = paths->pdata[i];
      CachedCollection *c = g_hash_table_lookup (ex->collections, path);
      Load *load = g_hash_table_lookup (ex->loads, path);
      gint64 mtime = 0, size = 0;
      gboolean stamped = file_stamp (path, &mtime, &size);
      LoadData *ld;

      if (c != NULL && stamped && mtime == c->mtime && size == c->size)
        {
          q->collections->pdata[i] = g_object_ref (c->collection);
          continue;
        }
      ld = g_new0 (LoadData, 1);
      ld->q = q;
      ld->slot = i;
      q->pending++;
      if (load != NULL && load->mtime == mtime && load->size == size)
        {
          g_ptr_array_add (load->waiters, ld);
          continue;
        }
      load = g_new0 (Load, 1);
      load->path = g_strdup (path);
      load->mtime = mtime;
      load->size = size;
      load->waiters = g_ptr_array_new_with_free_func (g_free);
      g_ptr_array_add (load->waiters, ld);
      g_hash_table_replace (ex->loads, g_strdup (path), load);
      cheops_collection_load_async (path, CHEOPS_COLLECTION_LOAD_DEFAULT, load_progress_cb, load, NULL,
                                    ex->load_cancellable, query_loaded_cb, load);
    }
  if (--q->pending == 0)
    query_search (q);
}

/* The status while a file is read the first time. */
static char *
reading_text (const char *path,
              double      fraction)
{
  g_autofree char *name = g_path_get_basename (path);

  /* Translators: a game file read (and its position index built) before
   * it can be searched: its name and the share read, in percent */
  return g_strdup_printf (_("Reading “%s”… %d %%"), name, (int) (fraction * 100));
}

/* Going to a game's ply. */

/* Makes the node of @document's game where the position of @key first
 * stands on the main line the current one: at ply @ply when it stands
 * there (the file as searched), else the first main-line node that has it
 * (the game was edited since), else the node at ply @ply or the last. */
static void
go_to_position (StudioDocument *document,
                guint           ply,
                guint64         key)
{
  CheopsGameNode *root = cheops_game_get_root (studio_document_get_game (document));
  CheopsGameNode *at_ply = root, *first = NULL;
  guint p = 0;

  for (CheopsGameNode *node = root; node != NULL; node = cheops_game_node_get_first_child (node), p++)
    {
      const CheopsPosition *pos = cheops_game_node_get_position (node);
      gboolean same = pos != NULL && cheops_position_search_key (pos) == key;

      if (p <= ply)
        at_ply = node;
      if (p == ply && same)
        {
          first = node;
          break;
        }
      if (same && first == NULL)
        first = node;
    }
  studio_document_set_current (document, first != NULL ? first : at_ply);
}

/* Opens game @game of @collection at ply @ply (the position of @key):
 * in the tab of its file when the window has it open, else read from the
 * file into the current tab, or a new one when the current has unsaved
 * work. */
static void
open_hit (StudioWindow     *self,
          CheopsCollection *collection,
          guint             game,
          guint             ply,
          guint64           key)
{
  const char *path = cheops_collection_get_path (collection);
  g_autoptr(CheopsGame) read = NULL;
  g_autoptr(GError) error = NULL;
  StudioWindow *target;

  for (guint i = 0; i < studio_window_get_n_tabs (self); i++)
    {
      StudioDocument *document = studio_window_get_tab_document (self, i);
      GFile *file = studio_document_get_file (document);
      g_autofree char *tab_path = file != NULL ? g_file_get_path (file) : NULL;

      if (tab_path == NULL || !g_str_equal (tab_path, path) || game >= studio_document_get_n_games (document))
        continue;
      studio_window_select_tab (self, i);
      if (studio_document_get_game_index (document) != game)
        studio_document_show_game (document, game);
      go_to_position (document, ply, key);
      return;
    }

  read = cheops_collection_read_game (collection, game, NULL, &error);
  if (read == NULL)
    {
      _studio_window_toast (self, error->message);
      return;
    }
  target = _studio_window_show_new_game (self, read, _("The game"));
  go_to_position (target->document, ply, key);
}

/* Find This Position. */

typedef struct {
  StudioWindow         *self;          /* referenced */
  GtkWindow            *window;        /* the Find window (owns this) */
  AdwWindowTitle       *title;
  GtkLabel             *status_label;
  GtkSpinner           *spinner;
  GtkStringList        *rows;          /* "i": hit i of search */
  GtkListView          *list;
  CheopsPositionSearch *search;
  GCancellable         *cancellable;
  CheopsPosition        position;
  char                 *folder;        /* the folder searched, or NULL: the open files */
  /* Find Anticipations: the position's mirror image (cheops_position_mirror())
   * searched after it, when the game's board has one and the image is
   * another position; its hits are the rows "m0", "m1", ... */
  gboolean              with_mirror;
  CheopsPosition        mirror;
  CheopsPositionSearch *mirror_search;
  GPtrArray            *paths;         /* the files of the search under way */
} Finder;

static void
finder_free (Finder *f)
{
  g_cancellable_cancel (f->cancellable);
  g_clear_object (&f->cancellable);
  g_clear_pointer (&f->search, cheops_position_search_unref);
  g_clear_pointer (&f->mirror_search, cheops_position_search_unref);
  g_clear_pointer (&f->paths, g_ptr_array_unref);
  g_clear_object (&f->self);
  g_free (f->folder);
  g_free (f);
}

static void
finder_destroyed_cb (Finder *f)
{
  g_cancellable_cancel (f->cancellable);
}

/* The text of hit @index's row: the game (its players, else its event,
 * else its number) and where it is; @mirror: a hit of the mirror image. */
static void
hit_texts (CheopsPositionSearch *search,
           guint                 index,
           gboolean              mirror,
           char                **title,
           char                **subtitle)
{
  const CheopsPositionHit *hit = cheops_position_search_get_hit (search, index);
  const char *a = cheops_collection_get_player (hit->collection, hit->game, 0);
  const char *b = cheops_collection_get_player (hit->collection, hit->game, 1);
  const char *event = cheops_collection_get_tag (hit->collection, hit->game, "Event");
  g_autofree char *name = g_path_get_basename (cheops_collection_get_path (hit->collection));

  if (a != NULL && *a != '\0' && g_strcmp0 (a, "?") != 0 && b != NULL && *b != '\0' && g_strcmp0 (b, "?") != 0)
    /* Translators: the players of a game, colour 0 first */
    *title = g_strdup_printf (_("%s – %s"), a, b);
  else if (event != NULL && *event != '\0' && g_strcmp0 (event, "?") != 0)
    *title = g_strdup (event);
  else
    /* Translators: %u is a game's number in its file, from 1 */
    *title = g_strdup_printf (_("Game %u"), hit->game + 1);
  if (mirror)
    /* Translators: a game found that reaches the mirror image of a problem's
     * position (the board mirrored left to right): its file's name, its
     * number in the file (from 1), and the plies played before the mirror
     * image stands there */
    *subtitle = g_strdup_printf (_("%s · game %u · ply %u · mirror image"), name, hit->game + 1, hit->ply);
  else
    /* Translators: a game found: its file's name, its number in the file (from
     * 1), and the plies played before the position searched for stands there */
    *subtitle = g_strdup_printf (_("%s · game %u · ply %u"), name, hit->game + 1, hit->ply);
}

/* The search and the hit index of a row's string ("3" or "m3"), or NULL. */
static CheopsPositionSearch *
row_hit (Finder     *f,
         const char *row,
         guint      *index)
{
  CheopsPositionSearch *search = row[0] == 'm' ? f->mirror_search : f->search;

  *index = (guint) g_ascii_strtoull (row[0] == 'm' ? row + 1 : row, NULL, 10);
  if (search == NULL || *index >= cheops_position_search_get_n_hits (search))
    return NULL;
  return search;
}

static void
finder_setup_row_cb (GtkSignalListItemFactory *factory,
                     GtkListItem              *item,
                     gpointer                  user_data)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  GtkWidget *title = gtk_label_new (NULL);
  GtkWidget *subtitle = gtk_label_new (NULL);

  gtk_widget_set_margin_top (box, 6);
  gtk_widget_set_margin_bottom (box, 6);
  gtk_widget_set_margin_start (box, 12);
  gtk_widget_set_margin_end (box, 12);
  gtk_label_set_xalign (GTK_LABEL (title), 0);
  gtk_label_set_ellipsize (GTK_LABEL (title), PANGO_ELLIPSIZE_END);
  gtk_widget_add_css_class (title, "find-position-title");
  gtk_label_set_xalign (GTK_LABEL (subtitle), 0);
  gtk_label_set_ellipsize (GTK_LABEL (subtitle), PANGO_ELLIPSIZE_MIDDLE);
  gtk_widget_add_css_class (subtitle, "dim-label");
  gtk_widget_add_css_class (subtitle, "caption");
  gtk_widget_add_css_class (subtitle, "find-position-subtitle");
  gtk_box_append (GTK_BOX (box), title);
  gtk_box_append (GTK_BOX (box), subtitle);
  gtk_list_item_set_child (item, box);
}

static void
finder_bind_row_cb (GtkSignalListItemFactory *factory,
                    GtkListItem              *item,
                    gpointer                  user_data)
{
  Finder *f = user_data;
  GtkWidget *box = gtk_list_item_get_child (item);
  GtkStringObject *row = gtk_list_item_get_item (item);
  const char *text = gtk_string_object_get_string (row);
  guint index;
  CheopsPositionSearch *search = row_hit (f, text, &index);
  g_autofree char *title = NULL, *subtitle = NULL;

  if (search == NULL)
    return;
  hit_texts (search, index, text[0] == 'm', &title, &subtitle);
  gtk_label_set_label (GTK_LABEL (gtk_widget_get_first_child (box)), title);
  gtk_label_set_label (GTK_LABEL (gtk_widget_get_last_child (box)), subtitle);
}

static void
finder_activate_cb (GtkListView *list,
                    guint        position,
                    gpointer     user_data)
{
  Finder *f = user_data;
  g_autoptr(GtkStringObject) row = g_list_model_get_item (G_LIST_MODEL (f->rows), position);
  guint index;
  CheopsPositionSearch *search;
  const CheopsPositionHit *hit;

  if (row == NULL)
    return;
  search = row_hit (f, gtk_string_object_get_string (row), &index);
  if (search == NULL)
    return;
  hit = cheops_position_search_get_hit (search, index);
  open_hit (f->self, hit->collection, hit->game, hit->ply,
            cheops_position_search_key (cheops_position_search_get_position (search)));
}

/* Shows the hits of the search (and of the mirror image's) and says how
 * many there are. */
static void
finder_show (Finder     *f,
             const char *errors)
{
  g_autoptr(GString) status = g_string_new (NULL);
  guint n = f->search != NULL ? cheops_position_search_get_n_hits (f->search) : 0;
  guint n_mirror = f->mirror_search != NULL ? cheops_position_search_get_n_hits (f->mirror_search) : 0;
  g_autoptr(GPtrArray) strings = g_ptr_array_new_with_free_func (g_free);

  gtk_spinner_stop (f->spinner);
  gtk_widget_set_visible (GTK_WIDGET (f->spinner), FALSE);
  for (guint i = 0; i < n; i++)
    g_ptr_array_add (strings, g_strdup_printf ("%u", i));
  for (guint i = 0; i < n_mirror; i++)
    g_ptr_array_add (strings, g_strdup_printf ("m%u", i));
  g_ptr_array_add (strings, NULL);
  gtk_string_list_splice (f->rows, 0, g_list_model_get_n_items (G_LIST_MODEL (f->rows)),
                          (const char *const *) strings->pdata);

  if (n == 0)
    g_string_append (status, _("No game reaches this position on its main line"));
  else
    g_string_append_printf (status, g_dngettext (GETTEXT_PACKAGE, "%u game reaches this position",
                                                 "%u games reach this position", n), n);
  if (f->with_mirror && n_mirror == 0)
    g_string_append_printf (status, "\n%s", _("No game reaches its mirror image"));
  else if (f->with_mirror)
    {
      g_string_append_c (status, '\n');
      g_string_append_printf (status, g_dngettext (GETTEXT_PACKAGE, "%u game reaches its mirror image",
                                                   "%u games reach its mirror image", n_mirror), n_mirror);
    }
  if (errors != NULL)
    g_string_append_printf (status, "\n%s", errors);
  while (status->len > 0 && status->str[status->len - 1] == '\n')
    g_string_truncate (status, status->len - 1);
  gtk_label_set_label (f->status_label, status->str);
}

static void finder_progress (StudioWindow *self,
                             const char   *path,
                             double        fraction,
                             gpointer      data);

static void
finder_mirror_done (StudioWindow         *self,
                    CheopsPositionSearch *search,
                    const char           *errors,
                    gpointer              data)
{
  Finder *f = data;

  g_clear_pointer (&f->mirror_search, cheops_position_search_unref);
  if (search != NULL)
    f->mirror_search = cheops_position_search_ref (search);
  finder_show (f, errors);
}

static void
finder_done (StudioWindow         *self,
             CheopsPositionSearch *search,
             const char           *errors,
             gpointer              data)
{
  Finder *f = data;

  g_clear_pointer (&f->search, cheops_position_search_unref);
  if (search != NULL)
    f->search = cheops_position_search_ref (search);
  if (f->with_mirror && search != NULL && f->paths != NULL)
    {
      /* The same files again (loaded once and kept), for the mirror image. */
      query_start (f->self, f->paths, &f->mirror, f->cancellable, finder_mirror_done, finder_progress, f);
      return;
    }
  finder_show (f, errors);
}

static void
finder_progress (StudioWindow *self,
                 const char   *path,
                 double        fraction,
                 gpointer      data)
{
  Finder *f = data;
  g_autofree char *text = reading_text (path, fraction);

  gtk_label_set_label (f->status_label, text);
}

static int
compare_paths (gconstpointer a,
               gconstpointer b)
{
  return strcmp (*(char *const *) a, *(char *const *) b);
}

static void
finder_start (Finder *f)
{
  g_autoptr(GPtrArray) paths = NULL;

  g_cancellable_cancel (f->cancellable);
  g_clear_object (&f->cancellable);
  f->cancellable = g_cancellable_new ();

  if (f->folder != NULL)
    {
      g_autoptr(GDir) dir = g_dir_open (f->folder, 0, NULL);
      g_autofree char *name = g_path_get_basename (f->folder);
      g_autofree char *subtitle = NULL;
      const char *entry;

      paths = g_ptr_array_new_with_free_func (g_free);
      while (dir != NULL && (entry = g_dir_read_name (dir)) != NULL)
        {
          g_autofree char *lower = g_ascii_strdown (entry, -1);
          char *path = g_build_filename (f->folder, entry, NULL);

          if (g_str_has_suffix (lower, ".pgn") && g_file_test (path, G_FILE_TEST_IS_REGULAR))
            g_ptr_array_add (paths, path);
          else
            g_free (path);
        }
      g_ptr_array_sort (paths, compare_paths);
      /* Translators: %s is a folder's name */
      subtitle = g_strdup_printf (_("In the game files of “%s”"), name);
      adw_window_title_set_subtitle (f->title, subtitle);
    }
  else
    {
      paths = open_file_paths (f->self);
      adw_window_title_set_subtitle (f->title, _("In the open files"));
    }

  gtk_string_list_splice (f->rows, 0, g_list_model_get_n_items (G_LIST_MODEL (f->rows)), NULL);
  g_clear_pointer (&f->search, cheops_position_search_unref);
  g_clear_pointer (&f->mirror_search, cheops_position_search_unref);
  g_clear_pointer (&f->paths, g_ptr_array_unref);
  f->paths = g_ptr_array_ref (paths);
  if (paths->len == 0)
    {
      gtk_label_set_label (f->status_label, f->folder != NULL
                           ? _("This folder holds no game file (.pgn)")
                           : _("No game file is open: open one, or search a folder"));
      gtk_widget_set_visible (GTK_WIDGET (f->spinner), FALSE);
      return;
    }
  gtk_label_set_label (f->status_label, _("Searching…"));
  gtk_widget_set_visible (GTK_WIDGET (f->spinner), TRUE);
  gtk_spinner_start (f->spinner);
  query_start (f->self, paths, &f->position, f->cancellable, finder_done, finder_progress, f);
}

static void
finder_folder_response_cb (GtkNativeDialog *native,
                           int              response,
                           Finder          *f)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) folder = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (native));
      char *path = folder != NULL ? g_file_get_path (folder) : NULL;

      if (path != NULL)
        {
          g_free (f->folder);
          f->folder = path;
          finder_start (f);
        }
    }
  gtk_native_dialog_destroy (native);
  g_object_unref (native);
}

static void
finder_choose_folder_cb (GtkButton *button,
                         Finder    *f)
{
  GtkFileChooserNative *native = gtk_file_chooser_native_new (_("Search the Game Files of a Folder"), f->window,
                                                              GTK_FILE_CHOOSER_ACTION_SELECT_FOLDER,
                                                              _("_Search"), _("_Cancel"));

  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (native), TRUE);
  g_signal_connect (native, "response", G_CALLBACK (finder_folder_response_cb), f);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (native));
}

/**
 * _studio_window_find_position:
 * @self: a #StudioWindow
 * @folder: (nullable): a folder whose game files to search, or %NULL for
 *   the files of the window's tabs
 *
 * Opens a Find This Position window for the current position and starts
 * the search (in a worker thread).
 *
 * Returns: (transfer none): the window
 */
GtkWindow *
_studio_window_find_position (StudioWindow *self,
                              const char   *folder)
{
  return _studio_window_find_position_at (self, folder, studio_document_get_position (self->document), FALSE,
                                          _("Find This Position"));
}

/**
 * _studio_window_find_position_at:
 * @self: a #StudioWindow
 * @folder: (nullable): a folder whose game files to search, or %NULL for
 *   the files of the window's tabs
 * @position: the position to search for (copied)
 * @with_mirror: whether to search for its mirror image too
 *   (cheops_position_mirror(): where the game's board has a mirror
 *   symmetry and the image is another position), its hits listed after
 *   the position's, marked "mirror image"
 * @title: the Find window's title
 *
 * As _studio_window_find_position() for @position: the same window and
 * search (a problem's anticipations, win.find-anticipation, search the
 * problem's start position and its mirror image, studio-window-problem.c).
 *
 * Returns: (transfer none): the window
 */
GtkWindow *
_studio_window_find_position_at (StudioWindow         *self,
                                 const char           *folder,
                                 const CheopsPosition *position,
                                 gboolean              with_mirror,
                                 const char           *title)
{
  Finder *f = g_new0 (Finder, 1);
  GtkWidget *window = adw_window_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GtkWidget *header = adw_header_bar_new ();
  GtkWidget *folder_button = gtk_button_new_with_mnemonic (_("Search a _Folder…"));
  GtkWidget *status_box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 8);
  GtkWidget *scrolled = gtk_scrolled_window_new ();
  GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();
  GtkSelectionModel *selection;

  f->self = g_object_ref (self);
  f->window = GTK_WINDOW (window);
  f->position = *position;
  f->with_mirror = with_mirror && cheops_position_mirror (position, &f->mirror)
                   && cheops_position_search_key (&f->mirror) != cheops_position_search_key (position);
  f->folder = g_strdup (folder);
  f->cancellable = g_cancellable_new ();
  f->rows = gtk_string_list_new (NULL);

  gtk_widget_set_name (window, "find-position-window");
  gtk_window_set_title (GTK_WINDOW (window), title);
  gtk_window_set_transient_for (GTK_WINDOW (window), GTK_WINDOW (self));
  gtk_window_set_destroy_with_parent (GTK_WINDOW (window), TRUE);
  gtk_window_set_default_size (GTK_WINDOW (window), 440, 520);
  g_object_set_data_full (G_OBJECT (window), "studio-finder", f, (GDestroyNotify) finder_free);
  /* Nothing more is shown once the window is gone. */
  g_signal_connect_swapped (window, "destroy", G_CALLBACK (finder_destroyed_cb), f);

  f->title = ADW_WINDOW_TITLE (adw_window_title_new (title, NULL));
  adw_header_bar_set_title_widget (ADW_HEADER_BAR (header), GTK_WIDGET (f->title));
  gtk_widget_set_tooltip_text (folder_button, _("Search the game files of a folder instead"));
  g_signal_connect (folder_button, "clicked", G_CALLBACK (finder_choose_folder_cb), f);
  adw_header_bar_pack_start (ADW_HEADER_BAR (header), folder_button);
  gtk_box_append (GTK_BOX (box), header);

  f->spinner = GTK_SPINNER (gtk_spinner_new ());
  f->status_label = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_xalign (f->status_label, 0);
  gtk_label_set_wrap (f->status_label, TRUE);
  gtk_widget_set_name (GTK_WIDGET (f->status_label), "find-position-status");
  gtk_widget_set_margin_top (status_box, 8);
  gtk_widget_set_margin_bottom (status_box, 8);
  gtk_widget_set_margin_start (status_box, 12);
  gtk_widget_set_margin_end (status_box, 12);
  gtk_box_append (GTK_BOX (status_box), GTK_WIDGET (f->spinner));
  gtk_box_append (GTK_BOX (status_box), GTK_WIDGET (f->status_label));
  gtk_box_append (GTK_BOX (box), status_box);

  g_signal_connect (factory, "setup", G_CALLBACK (finder_setup_row_cb), f);
  g_signal_connect (factory, "bind", G_CALLBACK (finder_bind_row_cb), f);
  selection = GTK_SELECTION_MODEL (gtk_single_selection_new (G_LIST_MODEL (f->rows)));
  gtk_single_selection_set_autoselect (GTK_SINGLE_SELECTION (selection), FALSE);
  gtk_single_selection_set_can_unselect (GTK_SINGLE_SELECTION (selection), TRUE);
  gtk_single_selection_set_selected (GTK_SINGLE_SELECTION (selection), GTK_INVALID_LIST_POSITION);
  f->list = GTK_LIST_VIEW (gtk_list_view_new (selection, factory));
  gtk_widget_set_name (GTK_WIDGET (f->list), "find-position-list");
  gtk_list_view_set_single_click_activate (f->list, TRUE);
  gtk_widget_add_css_class (GTK_WIDGET (f->list), "rich-list");
  g_signal_connect (f->list, "activate", G_CALLBACK (finder_activate_cb), f);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), GTK_WIDGET (f->list));
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scrolled), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_widget_set_vexpand (scrolled, TRUE);
  gtk_box_append (GTK_BOX (box), gtk_separator_new (GTK_ORIENTATION_HORIZONTAL));
  gtk_box_append (GTK_BOX (box), scrolled);
  adw_window_set_content (ADW_WINDOW (window), box);

  finder_start (f);
  gtk_window_present (GTK_WINDOW (window));
  return GTK_WINDOW (window);
}

static void
find_position_action_cb (GtkWidget  *widget,
                         const char *action_name,
                         GVariant   *parameter)
{
  /* Not while solving: the file's own game would give the solution away. */
  if (STUDIO_WINDOW (widget)->mode == STUDIO_WINDOW_MODE_SOLVE)
    {
      gtk_widget_error_bell (widget);
      return;
    }
  _studio_window_find_position (STUDIO_WINDOW (widget), NULL);
}

/* The Explorer view. */

static gboolean
explorer_on_screen (StudioWindow *self)
{
  Explorer *ex = explorer_of (self);

  return ex->shown && gtk_stack_get_visible_child (self->side_views) == ex->view;
}

static GtkWidget *
explorer_label (const char *text,
                float       xalign,
                int         width_chars)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), xalign);
  if (width_chars > 0)
    gtk_label_set_width_chars (GTK_LABEL (label), width_chars);
  else
    gtk_widget_set_hexpand (label, TRUE);
  return label;
}

/* A row of the moves: SAN, games, score, as `cheops explore` prints them. */
static GtkWidget *
move_row_new (const CheopsExplorerMove *m,
              guint                     index)
{
  GtkWidget *row = gtk_list_box_row_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  g_autofree char *games = g_strdup_printf ("%u", m->n_games);
  g_autofree char *tooltip = NULL;
  char score[8];
  GtkWidget *label;

  cheops_score_format (m->wins, m->losses, score);
  gtk_widget_set_margin_top (box, 4);
  gtk_widget_set_margin_bottom (box, 4);
  gtk_widget_set_margin_start (box, 8);
  gtk_widget_set_margin_end (box, 8);
  label = explorer_label (m->san, 0, -1);
  gtk_widget_add_css_class (label, "heading");
  gtk_box_append (GTK_BOX (box), label);
  label = explorer_label (games, 1, 7);
  gtk_widget_add_css_class (label, "numeric");
  gtk_box_append (GTK_BOX (box), label);
  label = explorer_label (score, 1, 7);
  gtk_widget_add_css_class (label, "numeric");
  gtk_box_append (GTK_BOX (box), label);
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), box);
  /* Translators: a move of the explorer: the games that played it, and
   * their results for the side that played it */
  tooltip = g_strdup_printf (_("%u won, %u drawn, %u lost, %u unfinished"), m->wins, m->draws, m->losses,
                             m->n_games - m->wins - m->draws - m->losses);
  gtk_widget_set_tooltip_text (row, tooltip);
  g_object_set_data (G_OBJECT (row), "studio-explorer-move", GUINT_TO_POINTER (index));
  return row;
}

static void
explorer_clear_moves (Explorer *ex)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (ex->moves_list))) != NULL)
    gtk_list_box_remove (ex->moves_list, child);
  g_clear_pointer (&ex->search, cheops_position_search_unref);
}

static void
explorer_done (StudioWindow         *self,
               CheopsPositionSearch *search,
               const char           *errors,
               gpointer              data)
{
  Explorer *ex = explorer_of (self);
  g_autoptr(GString) status = g_string_new (NULL);
  guint n;

  if (ex == NULL || ex->destroyed || GPOINTER_TO_UINT (data) != ex->serial)
    return;
  explorer_clear_moves (ex);
  gtk_widget_set_sensitive (GTK_WIDGET (ex->moves_list), TRUE);
  n = search != NULL ? cheops_position_search_get_n_hits (search) : 0;
  if (search != NULL)
    {
      ex->search = cheops_position_search_ref (search);
      for (guint i = 0; i < cheops_position_search_get_n_moves (search); i++)
        gtk_list_box_append (ex->moves_list, move_row_new (cheops_position_search_get_move (search, i), i));
    }
  if (n == 0)
    g_string_append (status, _("No game reaches this position"));
  else
    {
      guint w = 0, d = 0, l = 0;
      char score[8];

      cheops_position_search_get_results (search, &w, &d, &l);
      cheops_score_format (w, l, score);
      if (cheops_score_tenths (w, l) < 0)
        /* Translators: %u is a number of games, none of them decided */
        g_string_append_printf (status, g_dngettext (GETTEXT_PACKAGE, "%u game reaches this position, none decided",
                                                     "%u games reach this position, none decided", n), n);
      else
        /* Translators: %u is a number of games, %s the score of the side to
         * move over the decided ones in percent ("66.7"); %% is the percent
         * sign, written as your language writes percentages */
        g_string_append_printf (status, g_dngettext (GETTEXT_PACKAGE, "%u game reaches this position, score %s%%",
                                                     "%u games reach this position, score %s%%", n), n, score);
    }
  if (errors != NULL)
    g_string_append_printf (status, "\n%s", errors);
  while (status->len > 0 && status->str[status->len - 1] == '\n')
    g_string_truncate (status, status->len - 1);
  gtk_label_set_label (ex->status_label, status->str);
}

static void
explorer_progress (StudioWindow *self,
                   const char   *path,
                   double        fraction,
                   gpointer      data)
{
  Explorer *ex = explorer_of (self);
  g_autofree char *text = NULL;

  if (ex == NULL || ex->destroyed || GPOINTER_TO_UINT (data) != ex->serial)
    return;
  text = reading_text (path, fraction);
  gtk_label_set_label (ex->status_label, text);
}

static gboolean
explorer_update (gpointer user_data)
{
  StudioWindow *self = user_data;
  Explorer *ex = explorer_of (self);
  g_autoptr(GPtrArray) paths = NULL;
  g_autofree char *name = NULL;
  g_autofree char *source = NULL;

  ex->update_idle = 0;
  if (!explorer_on_screen (self) || self->document == NULL)
    return G_SOURCE_REMOVE;

  if (ex->cancellable != NULL)
    g_cancellable_cancel (ex->cancellable);
  g_clear_object (&ex->cancellable);
  ex->serial++;

  if (ex->chosen != NULL)
    {
      paths = g_ptr_array_new_with_free_func (g_free);
      g_ptr_array_add (paths, g_strdup (ex->chosen));
      name = g_path_get_basename (ex->chosen);
      /* Translators: %s is a game file's name */
      source = g_strdup_printf (_("Games of “%s”"), name);
    }
  else
    {
      paths = open_file_paths (self);
      source = g_strdup (_("Games of the open files"));
    }
  gtk_label_set_label (ex->source_label, source);
  gtk_widget_set_visible (ex->open_files_button, ex->chosen != NULL);

  if (paths->len == 0)
    {
      explorer_clear_moves (ex);
      gtk_label_set_label (ex->status_label, _("No game file is open: open one, or choose a collection"));
      return G_SOURCE_REMOVE;
    }
  /* The moves of the last position stay, greyed, until the new ones come. */
  gtk_widget_set_sensitive (GTK_WIDGET (ex->moves_list), FALSE);
  gtk_label_set_label (ex->status_label, _("Searching…"));
  ex->cancellable = g_cancellable_new ();
  query_start (self, paths, studio_document_get_position (self->document), ex->cancellable, explorer_done,
               explorer_progress, GUINT_TO_POINTER (ex->serial));
  return G_SOURCE_REMOVE;
}

/* Searches again soon (once, however many changes come at once). */
static void
explorer_schedule (StudioWindow *self)
{
  Explorer *ex = explorer_of (self);

  if (ex == NULL || ex->destroyed || ex->update_idle != 0 || !explorer_on_screen (self))
    return;
  ex->update_idle = g_idle_add (explorer_update, self);
}

static void
explorer_row_activated_cb (GtkListBox    *list,
                           GtkListBoxRow *row,
                           StudioWindow  *self)
{
  Explorer *ex = explorer_of (self);
  guint index = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (row), "studio-explorer-move"));
  const CheopsExplorerMove *m;
  g_autoptr(GError) error = NULL;

  if (ex->search == NULL || index >= cheops_position_search_get_n_moves (ex->search))
    return;
  m = cheops_position_search_get_move (ex->search, index);
  /* The move of a position with the same pieces, which may differ in what
   * the search ignores (a prisoner in hand, a faraon's right). */
  if (!cheops_position_is_playable (studio_document_get_position (self->document), m->move)
      || studio_document_play_move (self->document, m->move, &error) == NULL)
    {
      gtk_widget_error_bell (GTK_WIDGET (self));
      if (error != NULL)
        _studio_window_toast (self, error->message);
    }
}

static void
explorer_choose_response_cb (GtkNativeDialog *native,
                             int              response,
                             StudioWindow    *self)
{
  Explorer *ex = explorer_of (self);

  if (response == GTK_RESPONSE_ACCEPT && ex != NULL)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (native));
      char *path = file != NULL ? g_file_get_path (file) : NULL;

      if (path != NULL)
        _studio_window_explorer_set_collection (self, path);
      g_free (path);
    }
  gtk_native_dialog_destroy (native);
  g_object_unref (native);
}

static void
explorer_choose_cb (GtkButton    *button,
                    StudioWindow *self)
{
  GtkFileChooserNative *native = gtk_file_chooser_native_new (_("Explore a Collection"), GTK_WINDOW (self),
                                                              GTK_FILE_CHOOSER_ACTION_OPEN,
                                                              _("_Explore"), _("_Cancel"));
  g_autoptr(GtkFileFilter) filter = gtk_file_filter_new ();

  gtk_file_filter_set_name (filter, _("Game files"));
  gtk_file_filter_add_pattern (filter, "*.pgn");
  gtk_file_filter_add_pattern (filter, "*.PGN");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (native), filter);
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (native), TRUE);
  g_signal_connect (native, "response", G_CALLBACK (explorer_choose_response_cb), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (native));
}

static void
explorer_open_files_cb (GtkButton    *button,
                        StudioWindow *self)
{
  _studio_window_explorer_set_collection (self, NULL);
}

/**
 * _studio_window_explorer_set_collection:
 * @self: a #StudioWindow
 * @path: (nullable): a game file to explore, or %NULL for the files of the
 *   window's tabs
 *
 * Chooses the games the Explorer counts, and searches them again.
 */
void
_studio_window_explorer_set_collection (StudioWindow *self,
                                        const char   *path)
{
  Explorer *ex = explorer_of (self);

  g_free (ex->chosen);
  ex->chosen = g_strdup (path);
  explorer_schedule (self);
}

/**
 * _studio_window_explorer_is_shown:
 * @self: a #StudioWindow
 *
 * Returns: whether the Explorer view was asked for (win.explorer), for
 *   studio-window-views.c
 */
gboolean
_studio_window_explorer_is_shown (StudioWindow *self)
{
  Explorer *ex = explorer_of (self);

  return ex != NULL && ex->shown;
}

static void
explorer_action_cb (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  StudioWindow *self = STUDIO_WINDOW (widget);
  Explorer *ex = explorer_of (self);

  if (self->mode == STUDIO_WINDOW_MODE_SOLVE)
    {
      gtk_widget_error_bell (widget);
      return;
    }
  /* Shown: to the front (or away, when it is already in front). */
  if (ex->shown && gtk_stack_get_visible_child (self->side_views) != ex->view)
    gtk_stack_set_visible_child (self->side_views, ex->view);
  else
    {
      ex->shown = !ex->shown;
      _studio_window_views_update (self);
    }
  explorer_schedule (self);
}

/**
 * _studio_window_explorer_bind:
 * @self: a #StudioWindow, bound to its selected tab's document
 *
 * The Explorer follows the current position of the window's document.
 */
void
_studio_window_explorer_bind (StudioWindow *self)
{
  static const char *const signals[] = { "notify::current", "notify::game", "notify::file", "notify::modified" };
  Explorer *ex = explorer_of (self);

  if (ex == NULL)
    return;
  /* A tab opened or closed: other open files. */
  if (!ex->tabs_followed && self->tab_view != NULL)
    {
      g_signal_connect_object (self->tab_view, "notify::n-pages", G_CALLBACK (explorer_schedule), self,
                               G_CONNECT_SWAPPED);
      ex->tabs_followed = TRUE;
    }
  for (guint i = 0; i < G_N_ELEMENTS (signals); i++)
    g_signal_connect_object (self->document, signals[i], G_CALLBACK (explorer_schedule), self, G_CONNECT_SWAPPED);
  explorer_schedule (self);
}

/**
 * _studio_window_class_explorer_init:
 * @klass: the #StudioWindowClass
 *
 * Installs win.find-position and win.explorer.
 */
void
_studio_window_class_explorer_init (StudioWindowClass *klass)
{
  gtk_widget_class_install_action (GTK_WIDGET_CLASS (klass), "win.find-position", NULL, find_position_action_cb);
  gtk_widget_class_install_action (GTK_WIDGET_CLASS (klass), "win.explorer", NULL, explorer_action_cb);
}

static void
explorer_window_destroyed_cb (StudioWindow *self)
{
  Explorer *ex = explorer_of (self);

  ex->destroyed = TRUE;
  g_cancellable_cancel (ex->load_cancellable);
  g_clear_handle_id (&ex->update_idle, g_source_remove);
  if (ex->cancellable != NULL)
    g_cancellable_cancel (ex->cancellable);
}

/**
 * _studio_window_explorer_init:
 * @self: a #StudioWindow, its template built
 *
 * Builds the Explorer view (hidden until win.explorer asks for it) and
 * adds it to the side pane.
 */
void
_studio_window_explorer_init (StudioWindow *self)
{
  Explorer *ex = g_new0 (Explorer, 1);
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  GtkWidget *top = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *choose = gtk_button_new_from_icon_name ("document-open-symbolic");
  GtkWidget *heads = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  GtkWidget *scrolled = gtk_scrolled_window_new ();
  GtkWidget *label;

  ex->window = self;
  ex->collections = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                           (GDestroyNotify) cached_collection_free);
  ex->loads = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  ex->load_cancellable = g_cancellable_new ();
  g_object_set_data_full (G_OBJECT (self), "studio-explorer", ex, (GDestroyNotify) explorer_free);

  ex->view = box;
  gtk_widget_set_name (box, "explorer-view");
  gtk_widget_set_margin_top (box, 6);
  gtk_widget_set_margin_start (box, 6);
  gtk_widget_set_margin_end (box, 6);

  ex->source_label = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_xalign (ex->source_label, 0);
  gtk_label_set_ellipsize (ex->source_label, PANGO_ELLIPSIZE_MIDDLE);
  gtk_widget_set_hexpand (GTK_WIDGET (ex->source_label), TRUE);
  gtk_widget_add_css_class (GTK_WIDGET (ex->source_label), "heading");
  ex->open_files_button = gtk_button_new_with_label (_("Open Files"));
  gtk_widget_set_tooltip_text (ex->open_files_button, _("Explore the games of the open files"));
  gtk_widget_set_visible (ex->open_files_button, FALSE);
  g_signal_connect (ex->open_files_button, "clicked", G_CALLBACK (explorer_open_files_cb), self);
  gtk_widget_set_tooltip_text (choose, _("Explore a collection"));
  g_signal_connect (choose, "clicked", G_CALLBACK (explorer_choose_cb), self);
  gtk_box_append (GTK_BOX (top), GTK_WIDGET (ex->source_label));
  gtk_box_append (GTK_BOX (top), ex->open_files_button);
  gtk_box_append (GTK_BOX (top), choose);
  gtk_box_append (GTK_BOX (box), top);

  ex->status_label = GTK_LABEL (gtk_label_new (NULL));
  gtk_widget_set_name (GTK_WIDGET (ex->status_label), "explorer-status");
  gtk_label_set_xalign (ex->status_label, 0);
  gtk_label_set_wrap (ex->status_label, TRUE);
  gtk_widget_add_css_class (GTK_WIDGET (ex->status_label), "dim-label");
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (ex->status_label));

  gtk_widget_set_margin_start (heads, 8);
  gtk_widget_set_margin_end (heads, 8);
  label = explorer_label (_("Move"), 0, -1);
  gtk_widget_add_css_class (label, "caption-heading");
  gtk_box_append (GTK_BOX (heads), label);
  label = explorer_label (_("Games"), 1, 7);
  gtk_widget_add_css_class (label, "caption-heading");
  gtk_box_append (GTK_BOX (heads), label);
  /* Translators: the side to move's score over the decided games, in percent */
  label = explorer_label (_("Score %"), 1, 7);
  gtk_widget_add_css_class (label, "caption-heading");
  gtk_box_append (GTK_BOX (heads), label);
  gtk_box_append (GTK_BOX (box), heads);

  ex->moves_list = GTK_LIST_BOX (gtk_list_box_new ());
  gtk_widget_set_name (GTK_WIDGET (ex->moves_list), "explorer-moves");
  gtk_list_box_set_selection_mode (ex->moves_list, GTK_SELECTION_NONE);
  gtk_widget_add_css_class (GTK_WIDGET (ex->moves_list), "boxed-list");
  gtk_widget_set_valign (GTK_WIDGET (ex->moves_list), GTK_ALIGN_START);
  gtk_widget_set_margin_bottom (GTK_WIDGET (ex->moves_list), 6);
  g_signal_connect (ex->moves_list, "row-activated", G_CALLBACK (explorer_row_activated_cb), self);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), GTK_WIDGET (ex->moves_list));
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scrolled), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_propagate_natural_height (GTK_SCROLLED_WINDOW (scrolled), TRUE);
  gtk_widget_set_vexpand (scrolled, TRUE);
  gtk_box_append (GTK_BOX (box), scrolled);

  _studio_window_views_add (self, "explorer", _("Explorer"), box);
  g_signal_connect_object (self->side_views, "notify::visible-child", G_CALLBACK (explorer_schedule), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect (self, "destroy", G_CALLBACK (explorer_window_destroyed_cb), NULL);
}
