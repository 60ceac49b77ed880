#define _XOPEN_SOURCE 700
#define _DEFAULT_SOURCE
#include "CWidth.h"

#include <errno.h>
#include <fcntl.h>
#include <langinfo.h>
#include <pthread.h>
#include <locale.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <termios.h>
#include <unistd.h>
#include <wchar.h>

// MARK: - Width

int kumiki_wcwidth(unsigned int c) { return wcwidth((wchar_t)c); }

static int ctype_is_utf8(void) {
  const char *codeset = nl_langinfo(CODESET);
  return codeset != NULL && (strcmp(codeset, "UTF-8") == 0 || strcmp(codeset, "utf8") == 0);
}

int kumiki_ensure_utf8_locale(void) {
  if (ctype_is_utf8()) return 1;
  // The program may never have called setlocale: adopt the environment's LC_CTYPE first.
  if (setlocale(LC_CTYPE, "") != NULL && ctype_is_utf8()) return 1;
  static const char *const fallbacks[] = {"C.UTF-8", "C.utf8", "en_US.UTF-8"};
  for (size_t i = 0; i < sizeof fallbacks / sizeof fallbacks[0]; i++) {
    if (setlocale(LC_CTYPE, fallbacks[i]) != NULL && ctype_is_utf8()) return 1;
  }
  return 0;
}

int kumiki_window_size(int fd, int *cols, int *rows) {
  struct winsize ws;
  if (ioctl(fd, TIOCGWINSZ, &ws) != 0) return -1;
  *cols = ws.ws_col;
  *rows = ws.ws_row;
  return 0;
}

// MARK: - Lifecycle state (static: read by signal handlers)

#define KUMIKI_SEQ_MAX 256

static volatile sig_atomic_t term_active = 0;
static int term_in_fd = -1;
static int term_out_fd = -1;
static struct termios term_saved;
static struct termios term_raw;
static unsigned char term_enter_bytes[KUMIKI_SEQ_MAX];
static size_t term_enter_len = 0;
static unsigned char term_restore_bytes[KUMIKI_SEQ_MAX];
static size_t term_restore_len = 0;
static int notify_pipe[2] = {-1, -1};

static const int terminate_signals[] = {SIGINT, SIGTERM, SIGHUP};
static const int crash_signals[] = {SIGSEGV, SIGILL, SIGTRAP, SIGABRT, SIGBUS, SIGFPE};
static const int job_signals[] = {SIGTSTP, SIGCONT, SIGWINCH};
#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

static struct sigaction previous_actions[NSIG];
static unsigned char installed[NSIG];

// Async-signal-safe: write(2) until done, retrying on EINTR.
static void write_all(int fd, const unsigned char *bytes, size_t len) {
  while (len > 0) {
    ssize_t n = write(fd, bytes, len);
    if (n < 0) {
      if (errno == EINTR) continue;
      return;
    }
    bytes += n;
    len -= (size_t)n;
  }
}

static void notify(unsigned char tag) {
  if (notify_pipe[1] >= 0) {
    ssize_t ignored = write(notify_pipe[1], &tag, 1);  // non-blocking: a full pipe already holds a note
    (void)ignored;
  }
}

// Async-signal-safe restore: bytes first (leave the alternate screen), then cooked termios.
static void restore_terminal(void) {
  write_all(term_out_fd, term_restore_bytes, term_restore_len);
  tcsetattr(term_in_fd, TCSANOW, &term_saved);
}

static void reenter_terminal(void) {
  tcsetattr(term_in_fd, TCSANOW, &term_raw);
  write_all(term_out_fd, term_enter_bytes, term_enter_len);
}

// Restores the terminal, then hands the signal to whoever had it before, or to the default action.
static void chain(int sig, siginfo_t *info, void *context) {
  struct sigaction *prev = &previous_actions[sig];
  if (installed[sig] && (prev->sa_flags & SA_SIGINFO) && prev->sa_sigaction != NULL) {
    prev->sa_sigaction(sig, info, context);
    return;
  }
  if (installed[sig] && !(prev->sa_flags & SA_SIGINFO) && prev->sa_handler != SIG_DFL &&
      prev->sa_handler != SIG_IGN && prev->sa_handler != NULL) {
    prev->sa_handler(sig);
    return;
  }
  // Default disposition, then re-raise. For a fault, returning re-executes the instruction and
  // the default action (core dump) happens there as well.
  struct sigaction dfl;
  memset(&dfl, 0, sizeof dfl);
  dfl.sa_handler = SIG_DFL;
  sigemptyset(&dfl.sa_mask);
  sigaction(sig, &dfl, NULL);
  installed[sig] = 0;
  sigset_t set;
  sigemptyset(&set);
  sigaddset(&set, sig);
  sigprocmask(SIG_UNBLOCK, &set, NULL);
  raise(sig);
}

static void on_fatal(int sig, siginfo_t *info, void *context) {
  int saved_errno = errno;
  if (term_active) {
    term_active = 0;
    restore_terminal();
  }
  errno = saved_errno;
  chain(sig, info, context);
}

static void on_winch(int sig, siginfo_t *info, void *context) {
  (void)sig;
  (void)info;
  (void)context;
  int saved_errno = errno;
  notify('W');
  errno = saved_errno;
}

// How many of stop_self's stops have not had their SIGCONT yet. stop_self re-enters itself once its
// own stop returns, before returning to the caller that draws the next frame; the SIGCONT that
// continued it reaches on_cont on whichever thread takes it, before or after that, and is only
// counted off. A SIGCONT with none owed (the process was stopped from outside, e.g. by SIGSTOP)
// re-enters in the handler. (Both used to re-enter: the handler, lagging on another thread, wrote
// the enter bytes again after the frame, or ahead of stop_self's, which then skipped its own and
// let the frame go before them.) In an orphaned process group the kernel discards the stop, no
// SIGCONT comes and one is owed for good: one later SIGCONT from outside is then only counted off.
static int self_stops_owed = 0;

static void on_cont(int sig, siginfo_t *info, void *context) {
  (void)sig;
  (void)info;
  (void)context;
  int saved_errno = errno;
  int owed = __atomic_load_n(&self_stops_owed, __ATOMIC_SEQ_CST);
  while (owed > 0 && !__atomic_compare_exchange_n(&self_stops_owed, &owed, owed - 1, 0, __ATOMIC_SEQ_CST,
                                                  __ATOMIC_SEQ_CST)) {
  }
  if (owed == 0 && term_active) {
    reenter_terminal();
    notify('C');
  }
  errno = saved_errno;
}

// whole_group: stop the process group too, as Ctrl-Z outside raw mode does (the terminal sends
// SIGTSTP to its foreground group), so a parent waiting for this process (a wrapper such as the
// playground, make) stops with it and the shell sees the job stopped; `fg` continues them all.
//
// The process stops exactly once, here, on this thread: the group's signal is sent with SIGTSTP
// ignored in this process, so it stops the others only, then this thread raises its own, which
// only it can take. (Ignoring it again discards the copy the kernel queues anyway while the
// thread it picked blocks the signal.) The group's signal used to stop this process too: another
// thread (the input reader) could take it and stop the process before this thread's raise, and
// since SIGCONT discards only the stop signals already pending, the raise after `fg` stopped the
// TUI a second time, alone, its screen blank, the shell waiting for it.
static void stop_self(int whole_group) {
  if (term_active) restore_terminal();
  struct sigaction ignore, dfl, ours;
  memset(&ignore, 0, sizeof ignore);
  ignore.sa_handler = SIG_IGN;
  sigemptyset(&ignore.sa_mask);
  memset(&dfl, 0, sizeof dfl);
  dfl.sa_handler = SIG_DFL;
  sigemptyset(&dfl.sa_mask);
  sigset_t set, previous_mask;
  sigemptyset(&set);
  sigaddset(&set, SIGTSTP);
  __atomic_add_fetch(&self_stops_owed, 1, __ATOMIC_SEQ_CST);
  if (whole_group) {
    sigaction(SIGTSTP, &ignore, &ours);
    kill(0, SIGTSTP);
    sigaction(SIGTSTP, &ignore, NULL);
    sigaction(SIGTSTP, &dfl, NULL);
  } else {
    sigaction(SIGTSTP, &dfl, &ours);
  }
  // Thread-directed and unblocked in this thread: taken on return from raise, stopping here.
  pthread_sigmask(SIG_UNBLOCK, &set, &previous_mask);
  raise(SIGTSTP);
  pthread_sigmask(SIG_SETMASK, &previous_mask, NULL);
  // Continued.
  if (term_active) {
    reenter_terminal();
    notify('C');
  }
  sigaction(SIGTSTP, &ours, NULL);
}

static void on_tstp(int sig, siginfo_t *info, void *context) {
  (void)sig;
  (void)info;
  (void)context;
  int saved_errno = errno;
  stop_self(0);
  errno = saved_errno;
}

void kumiki_term_suspend(void) {
  if (term_active) stop_self(1);
}

void kumiki_unblock_session_signals(void) {
  sigset_t set;
  sigemptyset(&set);
  for (size_t i = 0; i < COUNT(terminate_signals); i++) sigaddset(&set, terminate_signals[i]);
  for (size_t i = 0; i < COUNT(job_signals); i++) sigaddset(&set, job_signals[i]);
  pthread_sigmask(SIG_UNBLOCK, &set, NULL);
}

static void install(int sig, void (*handler)(int, siginfo_t *, void *), int skip_if_ignored) {
  struct sigaction action, prev;
  memset(&action, 0, sizeof action);
  action.sa_sigaction = handler;
  action.sa_flags = SA_SIGINFO | SA_RESTART;
  sigemptyset(&action.sa_mask);
  if (sigaction(sig, NULL, &prev) != 0) return;
  if (skip_if_ignored && !(prev.sa_flags & SA_SIGINFO) && prev.sa_handler == SIG_IGN) return;
  if (sigaction(sig, &action, &previous_actions[sig]) == 0) installed[sig] = 1;
}

static void uninstall_all(void) {
  for (int sig = 1; sig < NSIG; sig++) {
    if (installed[sig]) {
      sigaction(sig, &previous_actions[sig], NULL);
      installed[sig] = 0;
    }
  }
}

static void leave_at_exit(void) { kumiki_term_leave(); }

int kumiki_term_enter(int in_fd, int out_fd, const unsigned char *enter, size_t enter_len,
                      const unsigned char *restore, size_t restore_len) {
  if (term_active) return -1;
  if (enter_len > KUMIKI_SEQ_MAX || restore_len > KUMIKI_SEQ_MAX) return -2;
  static int exit_hook_registered = 0;
  if (!exit_hook_registered) exit_hook_registered = atexit(leave_at_exit) == 0;
  if (notify_pipe[0] < 0) {
    int fds[2];
    if (pipe(fds) != 0) return errno;
    for (int i = 0; i < 2; i++) {
      fcntl(fds[i], F_SETFL, fcntl(fds[i], F_GETFL) | O_NONBLOCK);
      fcntl(fds[i], F_SETFD, FD_CLOEXEC);
    }
    notify_pipe[0] = fds[0];
    notify_pipe[1] = fds[1];
  }
  struct termios saved;
  if (tcgetattr(in_fd, &saved) != 0) return errno;
  struct termios raw = saved;
  cfmakeraw(&raw);
  term_in_fd = in_fd;
  term_out_fd = out_fd;
  term_saved = saved;
  term_raw = raw;
  memcpy(term_enter_bytes, enter, enter_len);
  term_enter_len = enter_len;
  memcpy(term_restore_bytes, restore, restore_len);
  term_restore_len = restore_len;

  for (size_t i = 0; i < COUNT(terminate_signals); i++) install(terminate_signals[i], on_fatal, 1);
  for (size_t i = 0; i < COUNT(crash_signals); i++) install(crash_signals[i], on_fatal, 0);
  install(SIGTSTP, on_tstp, 1);
  install(SIGCONT, on_cont, 0);
  install(SIGWINCH, on_winch, 0);

  if (tcsetattr(in_fd, TCSANOW, &raw) != 0) {
    int err = errno;
    uninstall_all();
    return err;
  }
  term_active = 1;
  write_all(out_fd, term_enter_bytes, term_enter_len);
  return 0;
}

int kumiki_term_leave(void) {
  if (!term_active) return 0;
  term_active = 0;
  write_all(term_out_fd, term_restore_bytes, term_restore_len);
  int result = tcsetattr(term_in_fd, TCSANOW, &term_saved) == 0 ? 0 : errno;
  uninstall_all();
  return result;
}

int kumiki_term_is_active(void) { return term_active ? 1 : 0; }

int kumiki_term_notify_fd(void) { return notify_pipe[0]; }
