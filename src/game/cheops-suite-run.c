/* cheops-suite-run.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * One position of a test-position suite against a UCI engine
 * (cheops-suite-run.h).  Nothing here knows a game: moves are read and
 * written through the position's variant.
 */
#define G_LOG_DOMAIN "cheops-suite"

#include <stdlib.h>
#include <string.h>

#include "cheops-position.h"
#include "cheops-suite-run.h"
#include "cheops-uci-protocol.h"
#include "cheops-uci-san.h"

#define MOVETIME_GRACE_MS 10000
#define STOP_GRACE_MS 2000

void
cheops_suite_result_clear (CheopsSuiteResult *result)
{
  g_return_if_fail (result != NULL);
  g_free (result->pv);
  g_free (result->message);
  memset (result, 0, sizeof *result);
  result->found_ms = -1;
}


/* Whether @move solves @record: among its bm (if any), not among its am. */
static gboolean
solves (CheopsEpdRecord *record,
        CheopsMove       move)
{
  if (cheops_epd_record_get (record, "bm") != NULL && !cheops_epd_record_has_move (record, "bm", move))
    return FALSE;
  if (cheops_epd_record_get (record, "am") != NULL && cheops_epd_record_has_move (record, "am", move))
    return FALSE;
  return TRUE;
}

static gboolean
has_target (CheopsEpdRecord *record)
{
  return cheops_epd_record_get (record, "bm") != NULL || cheops_epd_record_get (record, "am") != NULL;
}

gboolean
cheops_suite_counts (CheopsEpdRecord   *record,
                     CheopsSuiteStatus  status)
{
  return status == CHEOPS_SUITE_FOUND || status == CHEOPS_SUITE_MISSED
         || (status == CHEOPS_SUITE_FAILED && has_target (record));
}

/* The SAN of the moves of @pv played from @pos, as far as they are
 * playable (newly allocated, NULL if none is): the UCI client library's
 * cheops_uci_pv_to_san_at(), joined by blanks. */
static char *
pv_to_san (const CheopsPosition *pos,
           char                **pv)
{
  g_auto(GStrv) san = cheops_uci_pv_to_san_at (pos, (const char *const *) pv, NULL);

  return san[0] != NULL ? g_strjoinv (" ", san) : NULL;
}

static void
fail (CheopsSuiteResult *result,
      char              *message)
{
  result->status = CHEOPS_SUITE_FAILED;
  g_free (result->message);
  result->message = message;
}

void
cheops_suite_run_record (CheopsUciEngine         *engine,
                         CheopsEpdRecord         *record,
                         const CheopsSuiteLimits *limits,
                         GCancellable            *cancellable,
                         CheopsSuiteResult       *result)
{
  const CheopsPosition *pos;
  char fen[CHEOPS_FEN_MAX];
  gint64 start, deadline;
  gint64 found_ms = -1;
  gboolean stopped = FALSE;

  g_return_if_fail (engine != NULL && record != NULL && limits != NULL && result != NULL);
  memset (result, 0, sizeof *result);
  result->found_ms = -1;
  pos = &record->position;
  cheops_position_to_fen (pos, fen, sizeof fen);

  if (cheops_uci_engine_has_option (engine, "UCI_Variant"))
    cheops_uci_engine_send (engine, "setoption name UCI_Variant value %s", pos->variant->name);
  cheops_uci_engine_send (engine, "ucinewgame");
  cheops_uci_engine_send (engine, "position fen %s", fen);
  if (!cheops_uci_engine_sync (engine, 10000))
    {
      fail (result, g_strdup ("the engine did not answer isready"));
      return;
    }
  start = g_get_monotonic_time ();
  if (limits->movetime_ms > 0)
    {
      cheops_uci_engine_send (engine, "go movetime %d", limits->movetime_ms);
      deadline = start + ((gint64) limits->movetime_ms + MOVETIME_GRACE_MS) * 1000;
    }
  else
    {
      cheops_uci_engine_send (engine, "go depth %d", MAX (limits->depth, 1));
      deadline = G_MAXINT64;
    }

  for (;;)
    {
      g_autofree char *line = cheops_uci_engine_wait_for (engine, "", deadline, cancellable);
      g_auto(GStrv) words = NULL;

      if (line == NULL)
        {
          if (g_cancellable_is_cancelled (cancellable))
            {
              cheops_uci_engine_send (engine, "stop");
              result->status = CHEOPS_SUITE_CANCELLED;
              result->time_ms = (g_get_monotonic_time () - start) / 1000;
              return;
            }
          if (!stopped && g_get_monotonic_time () >= deadline)
            {
              /* Late: ask for the move, then give up. */
              cheops_uci_engine_send (engine, "stop");
              stopped = TRUE;
              deadline = g_get_monotonic_time () + STOP_GRACE_MS * 1000;
              continue;
            }
          fail (result, g_strdup (stopped ? "no bestmove in time" : "the engine ended its output"));
          result->time_ms = (g_get_monotonic_time () - start) / 1000;
          return;
        }
      words = g_strsplit_set (g_strstrip (line), " \t", -1);
      if (words[0] == NULL)
        continue;
      if (strcmp (words[0], "info") == 0)
        {
          CheopsUciMessage message;
          const CheopsUciInfo *info = &message.info;
          CheopsMove first;

          /* The library's parser; a line it cannot read is skipped. */
          if (cheops_uci_parse_line (line, &message) != CHEOPS_UCI_MESSAGE_INFO
              || info->pv == NULL || info->pv[0] == NULL || info->multipv != 1
              || (first = cheops_move_from_text (pos, info->pv[0], NULL)) == CHEOPS_MOVE_NONE)
            {
              cheops_uci_message_clear (&message);
              continue;
            }
          result->depth = info->depth;
          if (info->score_kind != CHEOPS_UCI_SCORE_NONE && info->bound == CHEOPS_UCI_BOUND_EXACT)
            {
              result->has_score = TRUE;
              result->mate = info->score_kind == CHEOPS_UCI_SCORE_MATE;
              result->score = info->score;
            }
          if (info->fields & CHEOPS_UCI_INFO_NODES)
            result->nodes = info->nodes;
          g_free (result->pv);
          result->pv = pv_to_san (pos, info->pv);
          if (solves (record, first))
            {
              if (found_ms < 0)
                found_ms = (info->fields & CHEOPS_UCI_INFO_TIME) ? info->time_ms : (g_get_monotonic_time () - start) / 1000;
            }
          else
            found_ms = -1;
          cheops_uci_message_clear (&message);
        }
      else if (strcmp (words[0], "bestmove") == 0)
        {
          CheopsError err = { 0 };

          result->time_ms = (g_get_monotonic_time () - start) / 1000;
          if (words[1] == NULL)
            {
              fail (result, g_strdup ("bestmove without a move"));
              return;
            }
          result->move = cheops_move_from_text (pos, words[1], &err);
          if (result->move == CHEOPS_MOVE_NONE)
            {
              fail (result, g_strdup_printf ("bestmove %s: %s", words[1], err.message));
              return;
            }
          cheops_move_to_san (pos, result->move, result->san);
          if (!has_target (record))
            result->status = CHEOPS_SUITE_NO_TARGET;
          else if (solves (record, result->move))
            {
              result->status = CHEOPS_SUITE_FOUND;
              /* The last pv agreed (found_ms), or the move came without one. */
              result->found_ms = found_ms >= 0 ? found_ms : result->time_ms;
            }
          else
            result->status = CHEOPS_SUITE_MISSED;
          return;
        }
    }
}

char *
cheops_suite_record_name (CheopsEpdRecord *record)
{
  const char *id = cheops_epd_record_get_string (record, "id");

  if (id != NULL && *id != '\0')
    return g_strdup (id);
  return g_strdup_printf ("line %u", record->line);
}

static void
append_moves (GString    *out,
              const char *opcode,
              GPtrArray  *moves)
{
  if (moves == NULL)
    return;
  if (out->len > 0)
    g_string_append (out, "; ");
  g_string_append (out, opcode);
  for (guint i = 0; i < moves->len; i++)
    {
      g_string_append_c (out, ' ');
      g_string_append (out, moves->pdata[i]);
    }
}

char *
cheops_suite_record_targets (CheopsEpdRecord *record)
{
  GString *out = g_string_new (NULL);

  append_moves (out, "bm", cheops_epd_record_get (record, "bm"));
  append_moves (out, "am", cheops_epd_record_get (record, "am"));
  return g_string_free (out, FALSE);
}

char *
cheops_suite_result_score (const CheopsSuiteResult *result)
{
  if (!result->has_score)
    return g_strdup ("-");
  return g_strdup_printf ("%s %d", result->mate ? "mate" : "cp", result->score);
}

char *
cheops_suite_result_to_line (CheopsEpdRecord         *record,
                             const CheopsSuiteResult *result)
{
  g_autofree char *name = cheops_suite_record_name (record);
  g_autofree char *targets = cheops_suite_record_targets (record);
  g_autofree char *score = cheops_suite_result_score (result);
  g_autofree char *time = result->found_ms >= 0 ? g_strdup_printf ("%" G_GINT64_FORMAT " ms", result->found_ms)
                                                : g_strdup ("-");

  switch (result->status)
    {
    case CHEOPS_SUITE_FOUND:
      return g_strdup_printf ("%s: found %s; time %s; depth %d; score %s", name, result->san, time,
                              result->depth, score);
    case CHEOPS_SUITE_MISSED:
      return g_strdup_printf ("%s: missed %s (%s); time -; depth %d; score %s", name, result->san, targets,
                              result->depth, score);
    case CHEOPS_SUITE_NO_TARGET:
      return g_strdup_printf ("%s: played %s (no bm or am); time -; depth %d; score %s", name, result->san,
                              result->depth, score);
    case CHEOPS_SUITE_CANCELLED:
      return g_strdup_printf ("%s: cancelled", name);
    case CHEOPS_SUITE_FAILED:
    default:
      return g_strdup_printf ("%s: failed: %s", name, result->message ? result->message : "no move");
    }
}

static void
remove_operation (CheopsEpdRecord *record,
                  const char      *opcode)
{
  for (guint i = 0; i < record->operations->len; i++)
    {
      CheopsEpdOperation *op = record->operations->pdata[i];

      if (strcmp (op->opcode, opcode) == 0)
        {
          g_ptr_array_remove_index (record->operations, i);
          return;
        }
    }
}

static void
set_one (CheopsEpdRecord *record,
         const char      *opcode,
         const char      *value)
{
  if (value == NULL)
    {
      remove_operation (record, opcode);
      return;
    }
  cheops_epd_record_set (record, opcode, &value, 1, NULL);
}

void
cheops_suite_result_annotate (CheopsEpdRecord         *record,
                              const CheopsSuiteResult *result)
{
  g_autofree char *acd = NULL, *acn = NULL, *acs = NULL, *ce = NULL;

  g_return_if_fail (record != NULL && result != NULL);
  if (result->status == CHEOPS_SUITE_FAILED || result->status == CHEOPS_SUITE_CANCELLED)
    return;
  if (result->depth > 0)
    acd = g_strdup_printf ("%d", result->depth);
  if (result->nodes > 0)
    acn = g_strdup_printf ("%" G_GUINT64_FORMAT, result->nodes);
  acs = g_strdup_printf ("%" G_GINT64_FORMAT, result->time_ms / 1000);
  if (result->has_score && !result->mate)
    ce = g_strdup_printf ("%d", result->score);
  else if (result->has_score && result->score > 0)
    ce = g_strdup_printf ("%d", 32767 - (2 * result->score - 1));
  else if (result->has_score)
    ce = g_strdup_printf ("%d", -(32767 - 2 * -result->score));
  set_one (record, "acd", acd);
  set_one (record, "acn", acn);
  set_one (record, "acs", acs);
  set_one (record, "ce", ce);
  set_one (record, "pm", result->san[0] != '\0' ? result->san : NULL);
  if (result->pv != NULL)
    {
      g_auto(GStrv) moves = g_strsplit (result->pv, " ", -1);
      cheops_epd_record_set (record, "pv", (const char * const *) moves, g_strv_length (moves), NULL);
    }
  else
    remove_operation (record, "pv");
}
