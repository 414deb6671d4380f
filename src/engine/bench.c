/* bench.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The bench positions are the initial position and positions reached in
 * games the engine played against itself, chosen for variety: openings,
 * middlegames with Queens racing for the Apex, checklock and endings.
 */
#include <stdio.h>

#include "bench.h"
#include "search.h"
#include "timeman.h"
#include "tt.h"
#include "uci.h"

static const char *const bench_fens[] = {
  CHEOPS_LAWS_START_FEN,
  "1/q2/5/7/9/1P7pp/APP1P6pa/M1Q1PS3pp2sm/AKMS1PP2pApasmka q 3 6",
  "1/q2/3Q1/7/9/PP3S3pp/APPSP6pa/M7ppp2km/AKM2PP3p1asm1a q 0 12",
  "1/3/5/1S5/9/PP7pp/APP1P4p1pa/M3P1aPp1p2km/AKM8p2m1a q 0 19",
  "1/3/4p/P4S1/9/P6p1p1/APP1P6p1/M3P4p1a1km/AK6Ma1p2m1a q 0 27",
  "1/1M1/P3p/7/7p1/PP1S5p1/A1P1P3pp1pk/M3P5aa2m/1K1A5m6a q 1 37",
  "1/P2/3p1/5p1/5a1p1/PPP3p4/A1P3M1Pp1pk/M8Sa2am/1K1Am12 a 0 47",
  "1/3/5/6p/1S5s1/P1A8/A1PPP4pp1a/M1QPP4ppsq1m/AKM2SP3ppa1mka q 1 7",
  "1/3/4p/7/1A5p1/P2P7/A1P1P5p1a/M1QPP1P2pp1q1m/AKM6p1pa1mka q 0 13",
  "1/1p1/1q3/2A4/7p1/P2P6p/A1P1P7a/M1QPP2p1ap3m/AKM8p2mka q 3 20",
  "q/3/2q2/2A4/2P4p1/P1P7p/APP9a/MK2Pp2p1pM1km/A15a q 4 28",
  "1/3/5/7/9/P6p1ap/APPP6ps1/M1QSPS3pppq1m/AKM2P1AP2pasmka q 3 7",
  "1/3/5/6p/5a3/PSP1P5p/AP7pps1/M1Q1PS3pp1q1m/AKM2P2PaAp1smka q 1 13",
  "1/3/5/6p/4Pa3/PSP4p2p/APQ6sps1/M4S3p1aq1m/AKM4PP2p2mk1 q 0 20",
  "Q/3/5/7/P3p4/PS6a1p/AP5s2p2/6M2p1aqmm/AKM5P6k1 q 1 28",
  "1/P1A/5/7/2q6/1K4m3p/4m8/4A2ak6/17 a 28 132",
};

uint64_t
bench_run (int depth)
{
  SearchOptions options = { 1, 0, 20, true };
  SearchLimits limits;
  uint64_t total = 0;
  int64_t start = timeman_now (), elapsed;
  size_t n = sizeof bench_fens / sizeof bench_fens[0];

  search_set_threads (1);
  tt_resize (16);
  search_limits_init (&limits);
  limits.depth = depth;
  for (size_t i = 0; i < n; i++)
    {
      CheopsPosition pos;
      CheopsError error;
      char text[CHEOPS_MOVE_TEXT_MAX] = "(none)";

      if (!cheops_position_from_fen (&pos, &cheops_variant_cheops, bench_fens[i], &error))
        {
          uci_print ("info string error: bench position %zu: %s", i + 1, error.message);
          continue;
        }
      search_clear ();
      search_start (&pos, &pos.key, 1, &limits, &options);
      search_wait ();
      if (search_last_best () != CHEOPS_MOVE_NONE)
        cheops_move_to_text (&cheops_variant_cheops, search_last_best (), text);
      uci_print ("Position %zu/%zu: best %s, nodes %llu", i + 1, n, text,
                 (unsigned long long) search_last_nodes ());
      total += search_last_nodes ();
    }
  elapsed = timeman_now () - start;
  uci_print ("===========================");
  uci_print ("Total time (ms) : %lld", (long long) elapsed);
  uci_print ("Nodes/second    : %llu",
             (unsigned long long) (elapsed > 0 ? total * 1000 / (uint64_t) elapsed : total * 1000));
  uci_print ("Nodes searched: %llu", (unsigned long long) total);
  return total;
}
