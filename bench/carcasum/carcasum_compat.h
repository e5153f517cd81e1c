// Force-included (gcc -include, see carcasum_bench.pro) before every source
// file of the Carcasum build, ours and Carcasum's, so that Carcasum's code
// compiles unpatched with Debian 12's Qt 5.15 and gcc 12. Carcasum was
// written against Qt 5.2 and gcc 4.8. This file is ours; it holds no
// Carcasum code.

#ifndef CK_CARCASUM_COMPAT_H
#define CK_CARCASUM_COMPAT_H

// 1. Release asserts that do not compile their condition.
//
// Carcasum's player/mctsplayer.tpp (MCTSPlayer::bestChild, about line 322)
// asserts on a variable, childNSum, that it declares only when asserts are
// on (#if ASSERT_ENABLED, static.h). Qt 5.15's release Q_ASSERT is
// `static_cast<void>(false && (cond))`: never evaluated, but still
// compiled, so the undeclared name is an error. qglobal.h defines Q_ASSERT
// only `#if !defined(Q_ASSERT)`, so defining it first, as a no-op that does
// not look at its argument (what Qt 4's qt_noop() did), is enough. The
// generated code is the same as with Qt's definition, whose condition is
// never evaluated either. Only for release builds without forced asserts:
// with asserts on, ASSERT_ENABLED declares the variable and Qt's own
// Q_ASSERT is used.
#if defined(QT_NO_DEBUG) && !defined(QT_FORCE_ASSERTS) && !defined(Q_ASSERT)
#define Q_ASSERT(cond) static_cast<void>(0)
#endif

// 2. Headers that old versions included implicitly: <cmath> for ::log and
// ::sqrt in core/util.h (gcc 12's libstdc++ no longer pulls it in), and
// QDataStream for core/game.cpp (Qt 5.15's headers no longer pull it in).
#include <cmath>

#ifdef __cplusplus
#include <QtCore/QDataStream>
#endif

#endif  // CK_CARCASUM_COMPAT_H
