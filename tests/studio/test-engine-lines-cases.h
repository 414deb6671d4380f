/* test-engine-lines-cases.h: the expected texts of test-engine-lines.c,
 * one case per game (see Case there).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

static const Case cases[] = {
  {
    "cheops",
    /* line_text */
    "2.\u2009fe1 ixg1 3.\u2009Sf1",
    /* preview_fen */
    "1/3/5/7/9/P9p/APP7ppa/MSQPP5ppqsm/AKMSP1pA3pasmka a 0 3",
    /* line_game */
    "[Event \"?\"]\n"
    "[Site \"?\"]\n"
    "[Date \"????.??.??\"]\n"
    "[Round \"?\"]\n"
    "[Green \"?\"]\n"
    "[Orange \"?\"]\n"
    "[Result \"*\"]\n"
    "[Variant \"Cheops\"]\n"
    "[SetUp \"1\"]\n"
    "[FEN \"1/3/5/7/9/P9p/APP7ppa/MSQPP5ppqsm/AKMS1PPAp2pasmka a 2 2\"]\n"
    "\n"
    "2. fe1 ixg1 3. Sf1 *\n",
    /* variation_game */
    "[Event \"?\"]\n"
    "[Site \"?\"]\n"
    "[Date \"????.??.??\"]\n"
    "[Round \"?\"]\n"
    "[Green \"?\"]\n"
    "[Orange \"?\"]\n"
    "[Result \"*\"]\n"
    "[Variant \"Cheops\"]\n"
    "\n"
    "1. Ah1 i1 2. fe1 ixg1 3. Sf1 *\n",
    /* bad_toast */
    "Not pasted as a variation: 1:4: unreadable move Zz9 at 1...: 'Zz9': unknown piece letter 'Z'",
    /* pasted_game */
    "[Event \"?\"]\n"
    "[Site \"?\"]\n"
    "[Date \"????.??.??\"]\n"
    "[Round \"?\"]\n"
    "[Green \"?\"]\n"
    "[Orange \"?\"]\n"
    "[Result \"*\"]\n"
    "[Variant \"Cheops\"]\n"
    "\n"
    "1. Ah1 i1 (1... kj1) 2. fe1 ixg1 3. Sf1 *\n",
  },
  {
    "trigchess",
    /* line_text */
    "2.\u2009Sa3 bxa3 3.\u2009Sd3",
    /* preview_fen */
    "dsgkgsd/1spgpsp/9/pP7/2PGPSP/DSGKGSD g 0 3",
    /* line_game */
    "[Event \"?\"]\n"
    "[Site \"?\"]\n"
    "[Date \"????.??.??\"]\n"
    "[Round \"?\"]\n"
    "[Gold \"?\"]\n"
    "[Red \"?\"]\n"
    "[Result \"*\"]\n"
    "[Variant \"Step and Circle TrigChess\"]\n"
    "[SetUp \"1\"]\n"
    "[FEN \"dsgkgsd/1spgpsp/1p7/1P7/1SPGPSP/DSGKGSD g 0 2\"]\n"
    "\n"
    "2. Sa3 bxa3 3. Sd3 *\n",
    /* variation_game */
    "[Event \"?\"]\n"
    "[Site \"?\"]\n"
    "[Date \"????.??.??\"]\n"
    "[Round \"?\"]\n"
    "[Gold \"?\"]\n"
    "[Red \"?\"]\n"
    "[Result \"*\"]\n"
    "[Variant \"Step and Circle TrigChess\"]\n"
    "\n"
    "1. b3 b4 2. Sa3 bxa3 3. Sd3 *\n",
    /* bad_toast */
    "Not pasted as a variation: 1:4: unreadable move Zz9 at 1...: 'Zz9': unknown piece letter 'Z' (K D G S, none for a Pawn)",
    /* pasted_game */
    "[Event \"?\"]\n"
    "[Site \"?\"]\n"
    "[Date \"????.??.??\"]\n"
    "[Round \"?\"]\n"
    "[Gold \"?\"]\n"
    "[Red \"?\"]\n"
    "[Result \"*\"]\n"
    "[Variant \"Step and Circle TrigChess\"]\n"
    "\n"
    "1. b3 b4 (1... d4) 2. Sa3 bxa3 3. Sd3 *\n",
  },
  {
    "cypher",
    /* line_text */
    "2.\u2009Sa0 a5 3.\u2009Sz0",
    /* preview_fen */
    "4s5/2rn2nr2/3bqkb3/2ppppppp1/10/1p8/10/1PPPPPPPP1/3BQKB3/2RN2NR2/1S8 w - 0+0 - 0 3",
    /* line_game */
    "[Event \"?\"]\n"
    "[Site \"?\"]\n"
    "[Date \"????.??.??\"]\n"
    "[Round \"?\"]\n"
    "[White \"?\"]\n"
    "[Black \"?\"]\n"
    "[Result \"*\"]\n"
    "[Variant \"Cypher\"]\n"
    "[SetUp \"1\"]\n"
    "[FEN \"4s5/2rn2nr2/3bqkb3/2ppppppp1/1p8/10/10/1PPPPPPPP1/3BQKB3/2RN2NR2/S9 w - 0+0 - 0 2\"]\n"
    "\n"
    "2. Sa0 a5 3. Sz0 *\n",
    /* variation_game */
    "[Event \"?\"]\n"
    "[Site \"?\"]\n"
    "[Date \"????.??.??\"]\n"
    "[Round \"?\"]\n"
    "[White \"?\"]\n"
    "[Black \"?\"]\n"
    "[Result \"*\"]\n"
    "[Variant \"Cypher\"]\n"
    "\n"
    "1. Sz0 a6 2. Sa0 a5 3. Sz0 *\n",
    /* bad_toast */
    "Not pasted as a variation: 1:4: unreadable move Zz9 at 1...: 'Zz9' is not a move",
    /* pasted_game */
    "[Event \"?\"]\n"
    "[Site \"?\"]\n"
    "[Date \"????.??.??\"]\n"
    "[Round \"?\"]\n"
    "[White \"?\"]\n"
    "[Black \"?\"]\n"
    "[Result \"*\"]\n"
    "[Variant \"Cypher\"]\n"
    "\n"
    "1. Sz0 a6 (1... a5) 2. Sa0 a5 3. Sz0 *\n",
  },
  {
    "pyramids",
    /* line_text */
    "2.\u2009f3+ Fa5 3.\u2009Fa3",
    /* preview_fen */
    "(.4)(.2)(.3)(.1)1(.1)(.3)(.2)(.4)/sssssssss/9/9/f8/9/1F3S3/SSSSS1SSS/(4.)(2.)(3.)(1.)1(1.)(3.)(2.)(4.) w - 1 3",
    /* line_game */
    "[Event \"?\"]\n"
    "[Site \"?\"]\n"
    "[Date \"????.??.??\"]\n"
    "[Round \"?\"]\n"
    "[White \"?\"]\n"
    "[Black \"?\"]\n"
    "[Result \"*\"]\n"
    "[Variant \"Pyramids\"]\n"
    "[SetUp \"1\"]\n"
    "[FEN \"(.4)(.2)(.3)(.1)1(.1)(.3)(.2)(.4)/sssssssss/9/1f7/9/9/1F7/SSSSSSSSS/(4.)(2.)(3.)(1.)1(1.)(3.)(2.)(4.) w f 2 2\"]\n"
    "\n"
    "2. f3+ Fa5 3. Fa3 *\n",
    /* variation_game */
    "[Event \"?\"]\n"
    "[Site \"?\"]\n"
    "[Date \"????.??.??\"]\n"
    "[Round \"?\"]\n"
    "[White \"?\"]\n"
    "[Black \"?\"]\n"
    "[Result \"*\"]\n"
    "[Variant \"Pyramids\"]\n"
    "\n"
    "1. Fb3 Fb6+ 2. f3+ Fa5 3. Fa3 *\n",
    /* bad_toast */
    "Not pasted as a variation: 1:4: unreadable move Zz9 at 1...: 'Zz9' is not a move",
    /* pasted_game */
    "[Event \"?\"]\n"
    "[Site \"?\"]\n"
    "[Date \"????.??.??\"]\n"
    "[Round \"?\"]\n"
    "[White \"?\"]\n"
    "[Black \"?\"]\n"
    "[Result \"*\"]\n"
    "[Variant \"Pyramids\"]\n"
    "\n"
    "1. Fb3 Fb6+ (1... Fc6#) 2. f3+ Fa5 3. Fa3 *\n",
  },
};
