/* tt.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The transposition table.  Clusters of four 16-byte entries fill one 64-byte
 * cache line.  Each entry keeps its data word and the key XORed with that
 * data word ("lockless hashing", Hyatt and Mann 2002): the search threads
 * write without locks, and an entry torn by two simultaneous writes simply
 * fails the key check and reads as a miss.  A move read from the table is
 * only ever used after it is found in the list of playable moves, so even a
 * false hit cannot make the engine play an illegal move.
 */
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "tt.h"

#define CLUSTER_SIZE 4

typedef struct {
  uint64_t key_xor_data;
  uint64_t data;
} TTEntry;

typedef struct {
  TTEntry entry[CLUSTER_SIZE];
} TTCluster;

static TTCluster *table;
static size_t     cluster_count;
static uint8_t    generation;   /* 6 bits, advanced by tt_new_search() */

/* The whole move is kept, losslessly: a CheopsMove uses bits 0..29 only
 * (cheops-types.h: from 7, to 7, kind 2, then a payload of at most 14 bits:
 * a promotion choice of 5 bits and a part mask of 4 (Pyramids), a dropped
 * kind, or a compound move's second from and to (Cypher)).  Its low 16 bits
 * are in the data word, its high 14 bits in the key word, beside 50 bits
 * of the key:
 *
 *   key word:  key bits 0..49 | move bits 16..29 << 50, XORed with the data word
 *   data word: move bits 0..15 | score 16 | eval 16 | depth 8 | bound 2 + generation 6
 *
 * The entry stays 16 bytes, the cluster 64 (4 entries, one cache line).
 * The 50 key bits checked are with the bits that chose the cluster (the top
 * 14 or more bits of the key for any table of 1 MB or more: (key x clusters)
 * >> 64) the whole key for power-of-two sizes such as the default 16 MB, so
 * Cheops's search finds exactly the hits it found when the full key was
 * kept (its bench signature is unchanged).  A torn entry (two threads
 * writing at once) fails the key check unless the two data words agree in
 * their low 50 bits; a move read from the table is only a hint, used once
 * found among the playable moves. */
#define KEY_BITS     50
#define KEY_MASK     (((uint64_t) 1 << KEY_BITS) - 1)
#define MOVE_BITS    30

static inline uint64_t
key_word (uint64_t key, CheopsMove move, uint64_t data)
{
  return ((key & KEY_MASK) | (uint64_t) ((move & (((CheopsMove) 1 << MOVE_BITS) - 1)) >> 16) << KEY_BITS)
         ^ data;
}

static inline bool
entry_matches (const TTEntry *e, uint64_t key, uint64_t data)
{
  return ((e->key_xor_data ^ data) & KEY_MASK) == (key & KEY_MASK) && data != 0;
}

static inline CheopsMove
entry_move (const TTEntry *e, uint64_t data)
{
  return (CheopsMove) (data & 0xffff) | (CheopsMove) ((e->key_xor_data ^ data) >> KEY_BITS) << 16;
}

/* Data word layout: move 16 | score 16 | eval 16 | depth 8 | bound 2 + generation 6. */
static inline uint64_t
pack (CheopsMove move, int score, int eval, int depth, Bound bound)
{
  return (uint64_t) (move & 0xffff)
         | (uint64_t) (uint16_t) (int16_t) score << 16
         | (uint64_t) (uint16_t) (int16_t) eval << 32
         | (uint64_t) (uint8_t) (depth + 16) << 48
         | (uint64_t) (uint8_t) (bound | generation << 2) << 56;
}

static inline int entry_depth (uint64_t data) { return (int) ((data >> 48) & 0xff) - 16; }
static inline int entry_generation (uint64_t data) { return (int) (data >> 58); }

#define TT_ALIGN ((size_t) 2 * 1024 * 1024)

static void  *mapping;       /* what mmap() gave, for munmap() */
static size_t mapping_size;

/* First touch.  A page of the table costs a fault and its zeroing the
 * first time it is written (a 2 MB huge page about 0.2 ms, 4 kB pages
 * about 1 us each): charged to the first search after a new table or a
 * clear, that was most of the 5-30 ms a fresh engine's first `go depth 1`
 * took.  So the pages are faulted in ahead (MADV_POPULATE_WRITE, which
 * maps them without changing their contents): the first TT_SYNC_BYTES at
 * once, before the command returns (the whole default table: before
 * readyok), the rest by a thread of their own while the engine waits or
 * searches — safe during a search, since populating writes nothing, and
 * stopped (tt_populate_stop()) before the mapping is dropped or cleared,
 * so that a Hash of 4 GB is still answered at once. */
#define TT_SYNC_BYTES ((size_t) 64 * 1024 * 1024)

static pthread_t   populate_thread;
static bool        populate_running;
static atomic_bool populate_cancel;
static char       *populate_from;
static size_t      populate_size;

static bool
populate (char *from, size_t size)
{
#ifdef MADV_POPULATE_WRITE
  return madvise (from, size, MADV_POPULATE_WRITE) == 0;
#else
  (void) from;
  (void) size;
  return false;
#endif
}

static void *
populate_main (void *data)
{
  (void) data;
  for (size_t done = 0; done < populate_size && !atomic_load (&populate_cancel); done += TT_ALIGN)
    {
      size_t n = populate_size - done < TT_ALIGN ? populate_size - done : TT_ALIGN;
      if (!populate (populate_from + done, n))
        break;
    }
  return NULL;
}

static void
tt_populate_stop (void)
{
  if (populate_running)
    {
      atomic_store (&populate_cancel, true);
      pthread_join (populate_thread, NULL);
      populate_running = false;
    }
}

/* Faults in the table's pages (above): the table is all zeros and no
 * search runs. */
static void
tt_populate (void)
{
  size_t size = cluster_count * sizeof (TTCluster);
  size_t now = size < TT_SYNC_BYTES ? size : TT_SYNC_BYTES;

  tt_populate_stop ();
  if (!populate ((char *) table, now))
    memset (table, 0, now);   /* a kernel before 5.14: zeros written over zeros */
  if (now < size)
    {
      populate_from = (char *) table + now;
      populate_size = size - now;
      atomic_store (&populate_cancel, false);
      populate_running = pthread_create (&populate_thread, NULL, populate_main, NULL) == 0;
    }
}

/* The table lives in an anonymous mapping: its pages read as zeros until
 * first written, so making (or clearing) even a 4 GB table costs no time —
 * memset() of 4 GB took 4.5 s, long enough for a GUI to think the engine
 * hung after "setoption name Hash".  The table starts 2 MB-aligned and is
 * advised as huge pages: every probe is a cache miss, and with 4 kB pages
 * most are TLB misses too.  Its pages are then faulted in (tt_populate()). */
bool
tt_resize (size_t megabytes)
{
  size_t count, size;
  void *mem;
  uintptr_t aligned;

  if (megabytes < 1)
    megabytes = 1;
  count = megabytes * 1024 * 1024 / sizeof (TTCluster);
  size = count * sizeof (TTCluster);
  mem = mmap (NULL, size + TT_ALIGN, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (mem == MAP_FAILED)
    return false;
  aligned = ((uintptr_t) mem + TT_ALIGN - 1) & ~(uintptr_t) (TT_ALIGN - 1);
#ifdef MADV_HUGEPAGE
  madvise ((void *) aligned, size, MADV_HUGEPAGE);
#endif
  tt_populate_stop ();
  if (mapping != NULL)
    munmap (mapping, mapping_size);
  mapping = mem;
  mapping_size = size + TT_ALIGN;
  table = (TTCluster *) aligned;
  cluster_count = count;
  generation = 0;
  tt_populate ();
  return true;
}

/* Empties the table: the pages go back to the system and read as zeros
 * again (MADV_DONTNEED on a private anonymous mapping), then are faulted
 * in again ahead of the next search (tt_populate()). */
void
tt_clear (void)
{
  tt_populate_stop ();
  if (table != NULL && madvise (table, cluster_count * sizeof (TTCluster), MADV_DONTNEED) != 0)
    memset (table, 0, cluster_count * sizeof (TTCluster));
  generation = 0;
  if (table != NULL)
    tt_populate ();
}

void
tt_new_search (void)
{
  generation = (generation + 1) & 63;
}

static inline TTCluster *
cluster_of (uint64_t key)
{
  return &table[(size_t) (((unsigned __int128) key * cluster_count) >> 64)];
}

void
tt_prefetch (uint64_t key)
{
  __builtin_prefetch (cluster_of (key));
}

bool
tt_probe (uint64_t key, TTData *out)
{
  TTCluster *c = cluster_of (key);

  for (int i = 0; i < CLUSTER_SIZE; i++)
    {
      uint64_t data = c->entry[i].data;
      if (entry_matches (&c->entry[i], key, data))
        {
          out->move = entry_move (&c->entry[i], data);
          out->score = (int16_t) (uint16_t) (data >> 16);
          out->eval = (int16_t) (uint16_t) (data >> 32);
          out->depth = entry_depth (data);
          out->bound = (Bound) ((data >> 56) & 3);
          return true;
        }
    }
  return false;
}

void
tt_store (uint64_t key, int score, int eval, CheopsMove move, int depth, Bound bound)
{
  TTCluster *c = cluster_of (key);
  TTEntry *replace = &c->entry[0];
  int worst = 1 << 30;

  for (int i = 0; i < CLUSTER_SIZE; i++)
    {
      TTEntry *e = &c->entry[i];
      uint64_t data = e->data;
      int value;

      if (entry_matches (e, key, data))
        {
          /* Same position: keep the old move when the new result has none,
           * and keep a deeper exact result of this search. */
          if (move == CHEOPS_MOVE_NONE)
            move = entry_move (e, data);
          if (bound != BOUND_EXACT && entry_generation (data) == generation
              && entry_depth (data) > depth + 3)
            return;
          replace = e;
          break;
        }
      /* Prefer to replace empty, old and shallow entries. */
      value = data == 0 ? -1000 : entry_depth (data) - 8 * ((generation - entry_generation (data)) & 63);
      if (value < worst)
        {
          worst = value;
          replace = e;
        }
    }
  {
    uint64_t data = pack (move, score, eval, depth, bound);
    replace->data = data;
    replace->key_xor_data = key_word (key, move, data);
  }
}

int
tt_hashfull (void)
{
  size_t n = cluster_count < 1000 ? cluster_count : 1000;
  int used = 0;

  for (size_t i = 0; i < n; i++)
    for (int j = 0; j < CLUSTER_SIZE; j++)
      if (table[i].entry[j].data != 0 && entry_generation (table[i].entry[j].data) == generation)
        used++;
  return n ? (int) (used * 1000 / (n * CLUSTER_SIZE)) : 0;
}
