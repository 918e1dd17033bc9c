#ifndef COACH_SPAWN_H
#define COACH_SPAWN_H

#include <sys/types.h>

/// Resource limits applied in the child before exec; 0 leaves a limit unchanged.
typedef struct {
    long long address_space_bytes;
    long long cpu_seconds;
    long long open_files;
    long long processes;
    long long file_size_bytes;
} coach_limits;

/// Give the child its own network namespace (no interfaces but a down loopback).
#define COACH_SPAWN_NEW_NET 1
/// Run the program as init of its own PID namespace, so ending it ends all it started.
#define COACH_SPAWN_NEW_PID 2
/// When started as root, switch to the given unprivileged uid/gid before exec.
#define COACH_SPAWN_DROP_USER 4

/// Where the child's set-up failed (reported through `failed_stage`).
enum {
    COACH_STAGE_NONE = 0,
    COACH_STAGE_PGROUP, COACH_STAGE_FDS, COACH_STAGE_CHDIR, COACH_STAGE_NET, COACH_STAGE_PID,
    COACH_STAGE_LIMITS, COACH_STAGE_USER, COACH_STAGE_EXEC, COACH_STAGE_FORK
};

/// The descriptor an executed file keeps in the child (a script's interpreter reads /dev/fd/3).
#define COACH_EXEC_FD 3

/// Starts `path` with `argv` and `envp` in a new process group, with the given descriptors as
/// its stdin, stdout and stderr, in `cwd`, under `limits` and the `COACH_SPAWN_*` `flags`.
///
/// When `exec_fd` is an open descriptor of the executable, that very file is executed
/// (execveat with AT_EMPTY_PATH) and `path` only names it; a file put at `path` after the
/// descriptor was opened is never run.
///
/// Returns the child's pid (also its process-group id), or -1 with `failed_stage` and
/// `failed_errno` saying which step of the set-up failed and why; the child is then reaped.
pid_t coach_spawn(const char *path, int exec_fd, char *const argv[], char *const envp[],
                  const char *cwd, int fd_in, int fd_out, int fd_err,
                  const coach_limits *limits, int flags, unsigned int uid, unsigned int gid,
                  int *failed_stage, int *failed_errno);

/// Whether this kernel lets the process create a network namespace (tried in a throw-away child).
int coach_can_unshare(int flags);

/// Creates a pipe whose ends close on exec; 0 or -1 with errno.
int coach_pipe_cloexec(int fds[2]);

/// Whether child `pid` has ended, without reaping it: 1 and `*status` (exit code, or
/// 128 + signal), 0 while it runs, -1 with errno when it is not a waitable child.
int coach_peek_exit(pid_t pid, int *status);

#endif
