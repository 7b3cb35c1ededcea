/* include/lineup/stringify.h — a limit's value as a string literal, so messages name the
 * constant they enforce ("more than " LP_STR(LP_MAX_THREADS) " threads") instead of
 * repeating its number; usable in the preload, which has no printf. */
#ifndef LINEUP_STRINGIFY_H
#define LINEUP_STRINGIFY_H

#define LP_STR_(x) #x
#define LP_STR(x) LP_STR_(x)

#endif
