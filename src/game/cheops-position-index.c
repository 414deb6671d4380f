/* cheops-position-index.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The search key of a position and the index file of a game file's
 * positions (the format is in cheops-position-index.h).
 */
#define G_LOG_DOMAIN "cheops-game"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>

#include <glib/gstdio.h>
#include <zlib.h>

#include "cheops-collection-private.h"

/* The search key. */

/* SplitMix64's finaliser: a bijection of 64-bit numbers that spreads
 * every input bit over the whole output. */
static inline guint64
mix64 (guint64 x)
{
  x ^= x >> 30;
  x *= G_GUINT64_CONSTANT (0xbf58476d1ce4e5b9);
  x ^= x >> 27;
  x *= G_GUINT64_CONSTANT (0x94d049bb133111eb);
  x ^= x >> 31;
  return x;
}

/* A number of the variant's own, from its name (FNV-1a): the same in every
 * build, whatever the order of the variant table. */
static guint64
variant_salt (const CheopsVariant *variant)
{
  guint64 h = G_GUINT64_CONSTANT (0xcbf29ce484222325);

  for (const char *c = variant->name; *c != '\0'; c++)
    h = (h ^ (guchar) *c) * G_GUINT64_CONSTANT (0x100000001b3);
  return mix64 (h);
}

guint64
cheops_position_search_key (const CheopsPosition *pos)
{
  guint64 salt, key;
  guint64 half[2];

  g_return_val_if_fail (pos != NULL && pos->variant != NULL, 0);

  salt = variant_salt (pos->variant);
  key = salt;
  if (pos->side_to_move == CHEOPS_SIDE_B)
    key ^= mix64 (salt ^ G_GUINT64_CONSTANT (0x736964652d622d74));
  /* Zobrist hashing with the numbers computed, not tabled: each (piece,
   * cell) stands for mix64 (salt + (piece << 8 | cell) * phi). */
  half[0] = (guint64) pos->occupied;
  half[1] = (guint64) (pos->occupied >> 64);
  for (guint h = 0; h < 2; h++)
    for (guint64 bits = half[h]; bits != 0; bits &= bits - 1)
      {
        guint cell = h * 64 + (guint) __builtin_ctzll (bits);
        guint64 what = (guint64) pos->board[cell] << 8 | cell;

        key ^= mix64 (salt + what * G_GUINT64_CONSTANT (0x9e3779b97f4a7c15));
      }
  return key;
}

char *
cheops_position_index_path (const char *path)
{
  g_autofree char *absolute = NULL;
  g_autofree char *digest = NULL;
  g_autofree char *name = NULL;

  g_return_val_if_fail (path != NULL, NULL);
  absolute = g_canonicalize_filename (path, NULL);
  digest = g_compute_checksum_for_string (G_CHECKSUM_SHA256, absolute, -1);
  name = g_strconcat (digest, ".idx", NULL);
  return g_build_filename (g_get_user_cache_dir (), "cheops-studio", "positions", name, NULL);
}

/* The game file's identity. */

#define STAMP_SAMPLE 65536

static guint32
crc_of (guint32       crc,
        gconstpointer data,
        gsize         length)
{
  return (guint32) crc32_z (crc, data, length);
}

gboolean
_cheops_source_stamp_get (const char         *path,
                          CheopsSourceStamp  *stamp,
                          GError            **error)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GFileInfo) info = NULL;
  g_autoptr(GFileInputStream) stream = NULL;
  g_autofree guchar *buf = NULL;
  gsize n, head;

  info = g_file_query_info (file,
                            G_FILE_ATTRIBUTE_STANDARD_SIZE ","
                            G_FILE_ATTRIBUTE_TIME_MODIFIED "," G_FILE_ATTRIBUTE_TIME_MODIFIED_USEC ","
                            G_FILE_ATTRIBUTE_TIME_CHANGED "," G_FILE_ATTRIBUTE_TIME_CHANGED_USEC ","
                            G_FILE_ATTRIBUTE_UNIX_INODE,
                            G_FILE_QUERY_INFO_NONE, NULL, error);
  if (info == NULL)
    return FALSE;
  memset (stamp, 0, sizeof *stamp);
  stamp->size = (guint64) g_file_info_get_size (info);
  stamp->mtime_us = (gint64) g_file_info_get_attribute_uint64 (info, G_FILE_ATTRIBUTE_TIME_MODIFIED) * G_USEC_PER_SEC
                    + g_file_info_get_attribute_uint32 (info, G_FILE_ATTRIBUTE_TIME_MODIFIED_USEC);
  stamp->ctime_us = (gint64) g_file_info_get_attribute_uint64 (info, G_FILE_ATTRIBUTE_TIME_CHANGED) * G_USEC_PER_SEC
                    + g_file_info_get_attribute_uint32 (info, G_FILE_ATTRIBUTE_TIME_CHANGED_USEC);
  stamp->inode = g_file_info_get_attribute_uint64 (info, G_FILE_ATTRIBUTE_UNIX_INODE);

  /* The CRC of the first and the last 64 KiB (the whole of a smaller
   * file, each byte once). */
  stream = g_file_read (file, NULL, error);
  if (stream == NULL)
    return FALSE;
  buf = g_malloc (STAMP_SAMPLE);
  if (!g_input_stream_read_all (G_INPUT_STREAM (stream), buf, STAMP_SAMPLE, &head, NULL, error))
    return FALSE;
  stamp->crc = crc_of (0, buf, head);
  if (stamp->size > head)
    {
      goffset from = (goffset) MAX (stamp->size - STAMP_SAMPLE, head);

      if (!g_seekable_seek (G_SEEKABLE (stream), from, G_SEEK_SET, NULL, error)
          || !g_input_stream_read_all (G_INPUT_STREAM (stream), buf, STAMP_SAMPLE, &n, NULL, error))
        return FALSE;
      stamp->crc = crc_of (stamp->crc, buf, n);
    }
  return TRUE;
}

/* The file. */

#define INDEX_MAGIC      "CHEOPSPI"
#define INDEX_VERSION    1
#define INDEX_BYTE_ORDER 0x01020304u
#define HEADER_SIZE      128
#define N_SECTIONS       6

enum { SECTION_GAMES, SECTION_TAGS, SECTION_KEYS, SECTION_MOVES, SECTION_VARIANTS, SECTION_POOL };

typedef struct {
  char    magic[8];
  guint32 version;
  guint32 byte_order;
  guint64 source_size;
  gint64  source_mtime_us;
  gint64  source_ctime_us;
  guint64 source_inode;
  guint32 source_crc;
  guint32 n_games;
  guint64 n_tags;
  guint64 n_keys;
  guint32 n_variants;
  guint32 pool_size;
  guint32 section_crc[N_SECTIONS];
  guint8  zeros[20];
  guint32 header_crc;
} IndexHeader;

G_STATIC_ASSERT (sizeof (IndexHeader) == HEADER_SIZE);
G_STATIC_ASSERT (G_STRUCT_OFFSET (IndexHeader, section_crc) == 80);
G_STATIC_ASSERT (G_STRUCT_OFFSET (IndexHeader, header_crc) == 124);

static inline guint64
pad8 (guint64 n)
{
  return (n + 7) & ~(guint64) 7;
}

/* The sizes in bytes of the sections of @h, unpadded; FALSE if they do not
 * fit in 64 bits (a corrupt header). */
static gboolean
section_sizes (const IndexHeader *h,
               guint64            sizes[N_SECTIONS])
{
  if (h->n_keys < h->n_games || h->n_tags > G_MAXUINT64 / 8 || h->n_keys > G_MAXUINT64 / 8)
    return FALSE;
  sizes[SECTION_GAMES] = (guint64) h->n_games * sizeof (CheopsGameRecord);
  sizes[SECTION_TAGS] = h->n_tags * sizeof (CheopsTagRecord);
  sizes[SECTION_KEYS] = h->n_keys * sizeof (guint64);
  sizes[SECTION_MOVES] = (h->n_keys - h->n_games) * sizeof (guint32);
  sizes[SECTION_VARIANTS] = (guint64) h->n_variants * sizeof (guint32);
  sizes[SECTION_POOL] = h->pool_size;
  return TRUE;
}

static void
stamp_to_header (const CheopsSourceStamp *stamp,
                 IndexHeader             *h)
{
  h->source_size = stamp->size;
  h->source_mtime_us = stamp->mtime_us;
  h->source_ctime_us = stamp->ctime_us;
  h->source_inode = stamp->inode;
  h->source_crc = stamp->crc;
}

static gboolean
invalid (GError    **error,
         const char *index_path,
         const char *why)
{
  g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, "%s: %s", index_path, why);
  return FALSE;
}

/* Checks what the CRCs cannot: that every offset points inside its table,
 * so that a hand-made index can make nothing read out of bounds. */
static gboolean
records_valid (const CheopsCollectionData *data)
{
  guint64 keys = 0;

  for (guint i = 0; i < data->n_games; i++)
    {
      const CheopsGameRecord *r = &data->games[i];

      if (r->keys_start != keys || r->n_plies >= data->n_keys - keys || r->variant >= data->n_variants
          || r->tags_start > data->n_tags || r->n_tags > data->n_tags - r->tags_start
          || r->error_message >= data->pool_size)
        return FALSE;
      keys += (guint64) r->n_plies + 1;
    }
  if (keys != data->n_keys)
    return FALSE;
  for (guint64 i = 0; i < data->n_tags; i++)
    if (data->tags[i].name >= data->pool_size || data->tags[i].value >= data->pool_size)
      return FALSE;
  return TRUE;
}

gboolean
_cheops_position_index_load (const char              *index_path,
                             const CheopsSourceStamp *stamp,
                             CheopsCollectionData    *data,
                             GError                 **error)
{
  g_autoptr(GMappedFile) mapped = NULL;
  g_autoptr(GError) local_error = NULL;
  IndexHeader h, want = { 0 };
  const char *bytes;
  guint64 sizes[N_SECTIONS], at = HEADER_SIZE, length;
  const char *section[N_SECTIONS];

  mapped = g_mapped_file_new (index_path, FALSE, &local_error);
  if (mapped == NULL)
    {
      if (g_error_matches (local_error, G_FILE_ERROR, G_FILE_ERROR_NOENT))
        g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND, "%s: no index yet", index_path);
      else
        g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, "%s", local_error->message);
      return FALSE;
    }
  bytes = g_mapped_file_get_contents (mapped);
  length = g_mapped_file_get_length (mapped);
  if (length < HEADER_SIZE || bytes == NULL)
    return invalid (error, index_path, "truncated index");
  memcpy (&h, bytes, HEADER_SIZE);
  if (memcmp (h.magic, INDEX_MAGIC, 8) != 0)
    return invalid (error, index_path, "not an index of positions");
  if (h.version != INDEX_VERSION || h.byte_order != INDEX_BYTE_ORDER)
    return invalid (error, index_path, "an index of another version or byte order");
  if (crc_of (0, bytes, G_STRUCT_OFFSET (IndexHeader, header_crc)) != h.header_crc)
    return invalid (error, index_path, "corrupt index header");
  stamp_to_header (stamp, &want);
  if (h.source_size != want.source_size || h.source_mtime_us != want.source_mtime_us
      || h.source_ctime_us != want.source_ctime_us || h.source_inode != want.source_inode
      || h.source_crc != want.source_crc)
    return invalid (error, index_path, "the game file has changed since it was indexed");
  if (!section_sizes (&h, sizes) || h.n_variants > CHEOPS_COLLECTION_MAX_VARIANTS)
    return invalid (error, index_path, "corrupt index header");
  for (guint s = 0; s < N_SECTIONS; s++)
    {
      if (sizes[s] > length || at > length - pad8 (sizes[s]))
        return invalid (error, index_path, "truncated index");
      section[s] = bytes + at;
      if (crc_of (0, section[s], sizes[s]) != h.section_crc[s])
        return invalid (error, index_path, "corrupt index: a CRC does not match");
      /* The padding, which no CRC covers, is zeros. */
      for (guint64 i = sizes[s]; i < pad8 (sizes[s]); i++)
        if (section[s][i] != 0)
          return invalid (error, index_path, "corrupt index: padding that is not zero");
      at += pad8 (sizes[s]);
    }
  if (at != length)
    return invalid (error, index_path, "index of the wrong length");

  memset (data, 0, sizeof *data);
  data->games = (const CheopsGameRecord *) (gconstpointer) section[SECTION_GAMES];
  data->n_games = h.n_games;
  data->tags = (const CheopsTagRecord *) (gconstpointer) section[SECTION_TAGS];
  data->n_tags = h.n_tags;
  data->keys = (const guint64 *) (gconstpointer) section[SECTION_KEYS];
  data->n_keys = h.n_keys;
  data->moves = (const guint32 *) (gconstpointer) section[SECTION_MOVES];
  data->pool = section[SECTION_POOL];
  data->pool_size = h.pool_size;
  if (data->pool_size == 0 || data->pool[0] != '\0' || data->pool[data->pool_size - 1] != '\0')
    {
      memset (data, 0, sizeof *data);
      return invalid (error, index_path, "corrupt index: a bad string pool");
    }
  for (guint i = 0; i < h.n_variants; i++)
    {
      guint32 name;
      const CheopsVariant *v;

      memcpy (&name, section[SECTION_VARIANTS] + 4 * i, 4);
      v = name < data->pool_size ? cheops_variant_find (data->pool + name) : NULL;
      if (v == NULL || strcmp (v->name, data->pool + name) != 0)
        {
          memset (data, 0, sizeof *data);
          return invalid (error, index_path, "an index naming an unknown variant");
        }
      data->variants[i] = v;
      data->variant_names[i] = name;
    }
  data->n_variants = h.n_variants;
  if (!records_valid (data))
    {
      memset (data, 0, sizeof *data);
      return invalid (error, index_path, "corrupt index: an offset out of its table");
    }
  data->mapped = g_steal_pointer (&mapped);
  return TRUE;
}

static gboolean
write_all (FILE          *out,
           gconstpointer  bytes,
           guint64        size)
{
  static const char zeros[8] = { 0 };
  guint64 padding = pad8 (size) - size;

  return (size == 0 || fwrite (bytes, 1, size, out) == size)
         && (padding == 0 || fwrite (zeros, 1, padding, out) == padding);
}

gboolean
_cheops_position_index_save (const char                 *index_path,
                             const CheopsSourceStamp    *stamp,
                             const CheopsCollectionData *data,
                             GError                    **error)
{
  g_autofree char *folder = g_path_get_dirname (index_path);
  g_autofree char *temp = g_strconcat (index_path, ".XXXXXX", NULL);
  IndexHeader h = { 0 };
  guint64 sizes[N_SECTIONS];
  gconstpointer section[N_SECTIONS];
  guint32 names[CHEOPS_COLLECTION_MAX_VARIANTS];
  FILE *out;
  int fd, saved_errno;
  gboolean ok;

  memcpy (h.magic, INDEX_MAGIC, 8);
  h.version = INDEX_VERSION;
  h.byte_order = INDEX_BYTE_ORDER;
  stamp_to_header (stamp, &h);
  h.n_games = data->n_games;
  h.n_tags = data->n_tags;
  h.n_keys = data->n_keys;
  h.n_variants = data->n_variants;
  h.pool_size = data->pool_size;
  memcpy (names, data->variant_names, sizeof names);
  section[SECTION_GAMES] = data->games;
  section[SECTION_TAGS] = data->tags;
  section[SECTION_KEYS] = data->keys;
  section[SECTION_MOVES] = data->moves;
  section[SECTION_VARIANTS] = names;
  section[SECTION_POOL] = data->pool;
  section_sizes (&h, sizes);
  for (guint s = 0; s < N_SECTIONS; s++)
    h.section_crc[s] = crc_of (0, section[s], sizes[s]);
  h.header_crc = crc_of (0, &h, G_STRUCT_OFFSET (IndexHeader, header_crc));

  if (g_mkdir_with_parents (folder, 0700) != 0)
    {
      saved_errno = errno;
      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved_errno), "%s: %s", folder, g_strerror (saved_errno));
      return FALSE;
    }
  /* A new file, renamed over the old one when whole. */
  fd = g_mkstemp_full (temp, O_WRONLY, 0600);
  if (fd < 0 || (out = fdopen (fd, "wb")) == NULL)
    {
      saved_errno = errno;
      if (fd >= 0)
        {
          g_close (fd, NULL);
          g_unlink (temp);
        }
      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved_errno), "%s: %s", temp, g_strerror (saved_errno));
      return FALSE;
    }
  ok = fwrite (&h, 1, HEADER_SIZE, out) == HEADER_SIZE;
  for (guint s = 0; ok && s < N_SECTIONS; s++)
    ok = write_all (out, section[s], sizes[s]);
  saved_errno = errno;
  if (fclose (out) != 0 && ok)
    {
      ok = FALSE;
      saved_errno = errno;
    }
  if (ok && g_rename (temp, index_path) != 0)
    {
      ok = FALSE;
      saved_errno = errno;
    }
  if (!ok)
    {
      g_unlink (temp);
      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved_errno), "%s: %s", index_path,
                   g_strerror (saved_errno));
    }
  return ok;
}
