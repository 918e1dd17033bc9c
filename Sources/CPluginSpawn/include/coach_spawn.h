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
/// Enter a user namespace first (mapping the user to itself), so that an ordinary user may
/// create the other namespaces; the program keeps no capability after exec.
#define COACH_SPAWN_NEW_USER 8
/// Give the child its own mount namespace, mounts private, and a /proc of its PID namespace.
#define COACH_SPAWN_NEW_MOUNT 16
/// Restrict files with Landlock to the read paths, the devices, the working directory and the
/// executable.
#define COACH_SPAWN_LANDLOCK 32
/// Install the seccomp filter (`coach_seccomp_apply`).
#define COACH_SPAWN_SECCOMP 64
/// Set no-new-privileges.
#define COACH_SPAWN_NO_NEW_PRIVS 128

/// Where the child's set-up failed (reported through `failed_stage`).
enum {
    COACH_STAGE_NONE = 0,
    COACH_STAGE_PGROUP, COACH_STAGE_FDS, COACH_STAGE_CHDIR, COACH_STAGE_NET, COACH_STAGE_PID,
    COACH_STAGE_LIMITS, COACH_STAGE_USER, COACH_STAGE_EXEC, COACH_STAGE_FORK,
    COACH_STAGE_USERNS, COACH_STAGE_MOUNT, COACH_STAGE_NO_NEW_PRIVS, COACH_STAGE_LANDLOCK,
    COACH_STAGE_SECCOMP
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
/// `read_paths` and `device_paths` (NULL-terminated, or NULL) are what Landlock allows besides
/// `cwd` and the executable.
///
/// Returns the child's pid (also its process-group id), or -1 with `failed_stage` and
/// `failed_errno` saying which step of the set-up failed and why; the child is then reaped.
pid_t coach_spawn(const char *path, int exec_fd, char *const argv[], char *const envp[],
                  const char *cwd, int fd_in, int fd_out, int fd_err,
                  const coach_limits *limits, int flags, unsigned int uid, unsigned int gid,
                  char *const read_paths[], char *const device_paths[],
                  int *failed_stage, int *failed_errno);

/// Which of the `COACH_SPAWN_*` `flags` this kernel lets the process apply, tried in order in
/// a throw-away child (the namespaces after a user namespace when `flags` asks for one).
int coach_sandbox_probe(int flags);

/// Creates a pipe whose ends close on exec; 0 or -1 with errno.
int coach_pipe_cloexec(int fds[2]);

/// Whether child `pid` has ended, without reaping it: 1 and `*status` (exit code, or
/// 128 + signal), 0 while it runs, -1 with errno when it is not a waitable child.
int coach_peek_exit(pid_t pid, int *status);

#endif
