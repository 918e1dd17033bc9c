#define _GNU_SOURCE
#include "coach_spawn.h"
#include "coach_sandbox.h"

#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <sched.h>
#include <signal.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

// Everything between fork and exec uses async-signal-safe system calls only.

static void report(int fd, int stage) {
    int msg[2] = {stage, errno};
    ssize_t n = write(fd, msg, sizeof msg);
    (void)n;
    _exit(127);
}

static int set_limit(int resource, long long value) {
    if (value <= 0) return 0;
    struct rlimit r = {(rlim_t)value, (rlim_t)value};
    return setrlimit(resource, &r);
}

// Closes every descriptor from `first` up but `keep`.
static void close_other_fds(int first, int keep) {
#ifdef SYS_close_range
    if (keep > first) syscall(SYS_close_range, first, keep - 1, 0);
    syscall(SYS_close_range, keep + 1, ~0U, 0);
#else
    for (int fd = first; fd < 1024; fd++) if (fd != keep) close(fd);
#endif
}

static void child(const char *path, int exec_fd, char *const argv[], char *const envp[],
                  const char *cwd, int fd_in, int fd_out, int fd_err,
                  const coach_limits *limits, int flags, unsigned int uid, unsigned int gid,
                  char *const read_paths[], char *const device_paths[], int err) {
    sigset_t none;
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, NULL);
    for (int s = 1; s < 32; s++) if (s != SIGKILL && s != SIGSTOP) signal(s, SIG_DFL);
    if (setpgid(0, 0) != 0) report(err, COACH_STAGE_PGROUP);
    if (dup2(fd_in, 0) < 0 || dup2(fd_out, 1) < 0 || dup2(fd_err, 2) < 0)
        report(err, COACH_STAGE_FDS);
    // Move the error pipe above the descriptors the program keeps, then close everything else.
    int e = fcntl(err, F_DUPFD_CLOEXEC, 10);
    if (e < 0) report(err, COACH_STAGE_FDS);
    err = e;
    if (exec_fd >= 0) {
        // The executable stays open as descriptor 3, without close-on-exec, so that an
        // interpreter started for a script can read it as /dev/fd/3.
        int high = fcntl(exec_fd, F_DUPFD_CLOEXEC, 10);
        if (high < 0 || dup2(high, COACH_EXEC_FD) < 0) report(err, COACH_STAGE_FDS);
        exec_fd = COACH_EXEC_FD;
    }
    close_other_fds(exec_fd >= 0 ? COACH_EXEC_FD + 1 : 3, err);
    if (chdir(cwd) != 0) report(err, COACH_STAGE_CHDIR);
    if ((flags & COACH_SPAWN_NEW_USER) && coach_enter_user_namespace(getuid(), getgid()) != 0)
        report(err, COACH_STAGE_USERNS);
    if ((flags & COACH_SPAWN_NEW_NET) && unshare(CLONE_NEWNET) != 0) report(err, COACH_STAGE_NET);
    if ((flags & COACH_SPAWN_NEW_MOUNT)
        && (unshare(CLONE_NEWNS) != 0 || coach_private_mounts() != 0))
        report(err, COACH_STAGE_MOUNT);
    if (flags & COACH_SPAWN_NEW_PID) {
        if (unshare(CLONE_NEWPID) != 0) report(err, COACH_STAGE_PID);
        pid_t init = fork();
        if (init < 0) report(err, COACH_STAGE_FORK);
        if (init > 0) {
            // The bridge: stays in the host's namespace until the plugin (init) ends.
            close(err);
            close(0);
            close(1);
            close(2);
            int status = 0;
            while (waitpid(init, &status, 0) < 0 && errno == EINTR) {}
            if (WIFEXITED(status)) _exit(WEXITSTATUS(status));
            _exit(128 + (WIFSIGNALED(status) ? WTERMSIG(status) : 0));
        }
        // The plugin's /proc shows its own PID namespace only (where the kernel lets it).
        if (flags & COACH_SPAWN_NEW_MOUNT) (void)coach_mount_proc();
    }
    if (set_limit(RLIMIT_AS, limits->address_space_bytes) != 0
        || set_limit(RLIMIT_CPU, limits->cpu_seconds) != 0
        || set_limit(RLIMIT_NOFILE, limits->open_files) != 0
        || set_limit(RLIMIT_NPROC, limits->processes) != 0
        || set_limit(RLIMIT_FSIZE, limits->file_size_bytes) != 0)
        report(err, COACH_STAGE_LIMITS);
    struct rlimit core = {0, 0};
    setrlimit(RLIMIT_CORE, &core);
    if ((flags & COACH_SPAWN_NO_NEW_PRIVS) && coach_no_new_privs() != 0)
        report(err, COACH_STAGE_NO_NEW_PRIVS);
    if ((flags & COACH_SPAWN_LANDLOCK)
        && coach_landlock_apply(read_paths, device_paths, cwd, exec_fd) != 0)
        report(err, COACH_STAGE_LANDLOCK);
    if ((flags & COACH_SPAWN_DROP_USER) && geteuid() == 0) {
        if (setgroups(0, NULL) != 0 || setgid(gid) != 0 || setuid(uid) != 0)
            report(err, COACH_STAGE_USER);
    }
    // Last: the filter refuses calls the set-up above needs.
    if ((flags & COACH_SPAWN_SECCOMP) && coach_seccomp_apply() != 0)
        report(err, COACH_STAGE_SECCOMP);
    if (exec_fd >= 0) {
        // The very file that was hashed, whatever its path names by now.
        syscall(SYS_execveat, exec_fd, "", argv, envp, AT_EMPTY_PATH);
    } else {
        execve(path, argv, envp);
    }
    report(err, COACH_STAGE_EXEC);
}

pid_t coach_spawn(const char *path, int exec_fd, char *const argv[], char *const envp[],
                  const char *cwd, int fd_in, int fd_out, int fd_err,
                  const coach_limits *limits, int flags, unsigned int uid, unsigned int gid,
                  char *const read_paths[], char *const device_paths[],
                  int *failed_stage, int *failed_errno) {
    *failed_stage = COACH_STAGE_NONE;
    *failed_errno = 0;
    int pipefd[2];
    if (pipe2(pipefd, O_CLOEXEC) != 0) {
        *failed_stage = COACH_STAGE_FORK;
        *failed_errno = errno;
        return -1;
    }
    pid_t pid = fork();
    if (pid < 0) {
        *failed_stage = COACH_STAGE_FORK;
        *failed_errno = errno;
        close(pipefd[0]);
        close(pipefd[1]);
        return -1;
    }
    if (pid == 0) {
        close(pipefd[0]);
        child(path, exec_fd, argv, envp, cwd, fd_in, fd_out, fd_err, limits, flags, uid, gid,
              read_paths, device_paths, pipefd[1]);
    }
    // Also set the group from the parent, so a signal to the group cannot race the child.
    setpgid(pid, pid);
    close(pipefd[1]);
    int msg[2] = {0, 0};
    ssize_t got;
    do { got = read(pipefd[0], msg, sizeof msg); } while (got < 0 && errno == EINTR);
    close(pipefd[0]);
    if (got == (ssize_t)sizeof msg) {
        *failed_stage = msg[0];
        *failed_errno = msg[1];
        kill(-pid, SIGKILL);
        int status;
        while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {}
        return -1;
    }
    return pid;
}

int coach_sandbox_probe(int flags) {
    // The answer comes through a pipe: an exit status is lost where SIGCHLD is ignored.
    int fds[2];
    if (pipe2(fds, O_CLOEXEC) != 0) return 0;
    pid_t pid = fork();
    if (pid < 0) {
        close(fds[0]);
        close(fds[1]);
        return 0;
    }
    if (pid == 0) {
        close(fds[0]);
        int ok = 0;
        int user = !(flags & COACH_SPAWN_NEW_USER)
            || coach_enter_user_namespace(getuid(), getgid()) == 0;
        if (user && (flags & COACH_SPAWN_NEW_USER)) ok |= COACH_SPAWN_NEW_USER;
        if (user && (flags & COACH_SPAWN_NEW_NET) && unshare(CLONE_NEWNET) == 0)
            ok |= COACH_SPAWN_NEW_NET;
        if (user && (flags & COACH_SPAWN_NEW_MOUNT) && unshare(CLONE_NEWNS) == 0
            && coach_private_mounts() == 0)
            ok |= COACH_SPAWN_NEW_MOUNT;
        if (user && (flags & COACH_SPAWN_NEW_PID) && unshare(CLONE_NEWPID) == 0) {
            pid_t init = fork();
            if (init == 0) _exit(0);
            int status = 0;
            if (init > 0 && waitpid(init, &status, 0) == init && WIFEXITED(status))
                ok |= COACH_SPAWN_NEW_PID;
        }
        if ((flags & COACH_SPAWN_NO_NEW_PRIVS) && coach_no_new_privs() == 0)
            ok |= COACH_SPAWN_NO_NEW_PRIVS;
        if ((flags & COACH_SPAWN_LANDLOCK) && (ok & COACH_SPAWN_NO_NEW_PRIVS)
            && coach_landlock_apply(NULL, NULL, NULL, -1) == 0)
            ok |= COACH_SPAWN_LANDLOCK;
        if ((flags & COACH_SPAWN_SECCOMP) && (ok & COACH_SPAWN_NO_NEW_PRIVS)
            && coach_seccomp_apply() == 0)
            ok |= COACH_SPAWN_SECCOMP;
        ssize_t n = write(fds[1], &ok, sizeof ok);
        _exit(n == (ssize_t)sizeof ok ? 0 : 1);
    }
    close(fds[1]);
    int ok = 0;
    ssize_t got;
    do { got = read(fds[0], &ok, sizeof ok); } while (got < 0 && errno == EINTR);
    close(fds[0]);
    int status = 0;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {}
    return got == (ssize_t)sizeof ok ? ok : 0;
}

int coach_pipe_cloexec(int fds[2]) { return pipe2(fds, O_CLOEXEC); }

int coach_peek_exit(pid_t pid, int *status) {
    siginfo_t info;
    memset(&info, 0, sizeof info);
    int r;
    do { r = waitid(P_PID, (id_t)pid, &info, WEXITED | WNOHANG | WNOWAIT); }
    while (r < 0 && errno == EINTR);
    if (r < 0) return -1;
    if (info.si_pid != pid) return 0;
    *status = info.si_code == CLD_EXITED ? info.si_status : 128 + info.si_status;
    return 1;
}
