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
static const CheopsPieceType *promotions;   /* the variant's promotion choices, or NULL */

void
tt_set_variant (const CheopsVariant *variant)
{
  promotions = variant->promotion_choices;
}

/* A move in 16 bits: from 7 | to 7 | promotion 2, the promotion being the
 * 1-based index of the move's promotion kind (bits 16..20 of a CheopsMove,
 * TrigChess TR10) in the variant's promotion_choices (at most 3 kinds; 0 for
 * none).  A move of another kind (a drop, a compound move, part of a stack)
 * or with a promotion not in the list is stored as no move: the table's move
 * is only a hint.  A Cheops move (14 bits, no choice) is stored as it is. */
static inline uint64_t
move_pack (CheopsMove move)
{
  CheopsPieceType promotion;

  if (move <= 0x3fff)
    return move;
  if (cheops_move_kind (move) != CHEOPS_MOVE_NORMAL || cheops_move_part (move) != 0
      || (promotion = cheops_move_promotion (move)) == 0 || promotions == NULL)
    return 0;
  for (unsigned i = 0; i < 3 && promotions[i] != 0; i++)
    if (promotions[i] == promotion)
      return (move & 0x3fff) | (uint64_t) (i + 1) << 14;
  return 0;
}

static inline CheopsMove
move_unpack (uint64_t bits)
{
  unsigned index = (unsigned) (bits >> 14) & 3;
  CheopsMove move = (CheopsMove) (bits & 0x3fff);

  if (index == 0)
    return move;
  if (promotions == NULL)
    return CHEOPS_MOVE_NONE;
  return move | (CheopsMove) promotions[index - 1] << 16;
}

/* Data word layout: move 16 | score 16 | eval 16 | depth 8 | bound 2 + generation 6. */
static inline uint64_t
pack (CheopsMove move, int score, int eval, int depth, Bound bound)
{
  return move_pack (move)
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

/* The table lives in an anonymous mapping: its pages read as zeros until
 * first written, so making (or clearing) even a 4 GB table costs no time —
 * memset() of 4 GB took 4.5 s, long enough for a GUI to think the engine
 * hung after "setoption name Hash".  The table starts 2 MB-aligned and is
 * advised as huge pages: every probe is a cache miss, and with 4 kB pages
 * most are TLB misses too. */
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
  if (mapping != NULL)
    munmap (mapping, mapping_size);
  mapping = mem;
  mapping_size = size + TT_ALIGN;
  table = (TTCluster *) aligned;
  cluster_count = count;
  generation = 0;
  return true;
}

/* Empties the table: the pages go back to the system and read as zeros
 * again (MADV_DONTNEED on a private anonymous mapping), at no cost in
 * time. */
void
tt_clear (void)
{
  if (table != NULL && madvise (table, cluster_count * sizeof (TTCluster), MADV_DONTNEED) != 0)
    memset (table, 0, cluster_count * sizeof (TTCluster));
  generation = 0;
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
      if ((c->entry[i].key_xor_data ^ data) == key && data != 0)
        {
          out->move = move_unpack (data & 0xffff);
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

      if ((e->key_xor_data ^ data) == key && data != 0)
        {
          /* Same position: keep the old move when the new result has none,
           * and keep a deeper exact result of this search. */
          if (move == CHEOPS_MOVE_NONE)
            move = move_unpack (data & 0xffff);
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
    replace->key_xor_data = key ^ data;
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
