// CWidth: the Terminal module's small C shim.
//
// - Width: glibc's wcwidth (not exported by `import Glibc`) and a UTF-8 locale guard.
// - Lifecycle: the terminal state that signal handlers restore. Signal handlers cannot capture
//   state and must only make async-signal-safe calls, so the saved termios, the precomputed
//   enter/restore bytes and the previous signal dispositions live here in static C storage.
// - TIOCGWINSZ: ioctl is variadic and does not import into Swift.
#ifndef KUMIKI_CWIDTH_H
#define KUMIKI_CWIDTH_H

#include <stddef.h>

/// Column width of one code point per glibc `wcwidth` (-1 for non-printable). Needs a UTF-8 LC_CTYPE.
int kumiki_wcwidth(unsigned int c);

/// Switches LC_CTYPE to C.UTF-8 (then C.utf8, en_US.UTF-8) unless it already uses UTF-8.
/// Returns 1 when the resulting LC_CTYPE is UTF-8, 0 otherwise. Not thread-safe (setlocale):
/// call once, early.
int kumiki_ensure_utf8_locale(void);

/// Reads the window size of `fd` with TIOCGWINSZ. Returns 0 and fills `cols`/`rows`, or -1 (errno set).
int kumiki_window_size(int fd, int *cols, int *rows);

/// Enters the terminal mode: saves the termios of `in_fd`, installs the restore state and the signal
/// handlers (SIGINT/SIGTERM/SIGHUP unless ignored; SEGV/ILL/TRAP/ABRT/BUS/FPE; TSTP/CONT; WINCH),
/// applies cfmakeraw and writes `enter` to `out_fd`. The first call also registers an atexit hook
/// that leaves. `restore` is written on leave and from the
/// handlers. Returns 0, -1 when a session is already active, -2 when the byte sequences are too
/// long, or an errno value (> 0) from tcgetattr/tcsetattr/pipe.
int kumiki_term_enter(int in_fd, int out_fd, const unsigned char *enter, size_t enter_len,
                      const unsigned char *restore, size_t restore_len);

/// Restores the saved termios, writes the restore bytes and reinstalls the previous signal
/// dispositions. Idempotent; returns 0, or an errno value from tcsetattr.
int kumiki_term_leave(void);

/// 1 while a session is entered, else 0.
int kumiki_term_is_active(void);

/// Read end of the process-wide, non-blocking notification pipe (created on first enter, never
/// closed; -1 before). Handlers write 'W' on SIGWINCH and 'C' once raw mode is re-entered after a stop.
int kumiki_term_notify_fd(void);

/// Restores the terminal, stops the process group with SIGTSTP (default action) and, once
/// continued, re-enters raw mode and the alternate screen and writes 'C' to the notification pipe
/// before it returns. The process stops exactly once, on the calling thread (a second stop after
/// SIGCONT left the TUI stopped with a blank screen). No-op without an active session.
void kumiki_term_suspend(void);

/// Unblocks, in the calling thread, the signals the session handles (INT, TERM, HUP, TSTP, CONT,
/// WINCH). Threads inherit their creator's mask and Dispatch's workers block these, so the input
/// reader thread calls this to guarantee some thread accepts them.
void kumiki_unblock_session_signals(void);

#endif
