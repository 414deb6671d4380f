/* cheops-tool.h
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The subcommands of the `cheops` command-line tool.  Each takes the
 * arguments after its own name (argv[0] is the subcommand) and returns the
 * process exit status: 0 success, 1 a negative result (e.g. a file with
 * errors), 2 bad usage or input.
 */
#pragma once

int cheops_tool_perft  (int argc, char **argv);
int cheops_tool_moves  (int argc, char **argv);
int cheops_tool_status (int argc, char **argv);
int cheops_tool_fen    (int argc, char **argv);
int cheops_tool_match  (int argc, char **argv);
int cheops_tool_match_stats (int argc, char **argv);
int cheops_tool_openings (int argc, char **argv);
int cheops_tool_pgn    (int argc, char **argv);
int cheops_tool_problem (int argc, char **argv);
int cheops_tool_analyse (int argc, char **argv);
int cheops_tool_diagram (int argc, char **argv);
int cheops_tool_suite  (int argc, char **argv);
int cheops_tool_search (int argc, char **argv);
int cheops_tool_explore (int argc, char **argv);
