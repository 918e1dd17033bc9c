#define _GNU_SOURCE
#include "coach_sandbox.h"

#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <unistd.h>
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/seccomp.h>

// Everything here runs between fork and exec: system calls only, no allocation.

// Landlock, spelled out so that older kernel headers still build (ABI 1 to 6).
#define LL_CREATE_RULESET_VERSION (1U << 0)
#define LL_RULE_PATH_BENEATH 1
#define LL_FS_EXECUTE (1ULL << 0)
#define LL_FS_WRITE_FILE (1ULL << 1)
#define LL_FS_READ_FILE (1ULL << 2)
#define LL_FS_READ_DIR (1ULL << 3)
#define LL_FS_TRUNCATE (1ULL << 14)
#define LL_FS_IOCTL_DEV (1ULL << 15)
#define LL_NET_BIND_TCP (1ULL << 0)
#define LL_NET_CONNECT_TCP (1ULL << 1)
#define LL_SCOPE_ABSTRACT_UNIX (1ULL << 0)
#define LL_SCOPE_SIGNAL (1ULL << 1)

struct ll_ruleset_attr {
    uint64_t handled_access_fs;
    uint64_t handled_access_net;
    uint64_t scoped;
};

struct ll_path_beneath_attr {
    uint64_t allowed_access;
    int32_t parent_fd;
} __attribute__((packed));

int coach_landlock_abi(void) {
    long v = syscall(SYS_landlock_create_ruleset, NULL, 0, LL_CREATE_RULESET_VERSION);
    return v < 0 ? 0 : (int)v;
}

static uint64_t ll_handled_fs(int abi) {
    uint64_t fs = (1ULL << 13) - 1;  // ABI 1: execute .. make_sym
    if (abi >= 2) fs |= 1ULL << 13;  // refer
    if (abi >= 3) fs |= LL_FS_TRUNCATE;
    if (abi >= 5) fs |= LL_FS_IOCTL_DEV;
    return fs;
}

static int ll_add(int ruleset, int fd, uint64_t access) {
    struct ll_path_beneath_attr rule = {access, fd};
    return (int)syscall(SYS_landlock_add_rule, ruleset, LL_RULE_PATH_BENEATH, &rule, 0);
}

static int ll_add_path(int ruleset, const char *path, uint64_t access) {
    int fd = open(path, O_PATH | O_CLOEXEC);
    if (fd < 0) return errno == ENOENT ? 0 : -1;  // a folder this system lacks
    int r = ll_add(ruleset, fd, access);
    close(fd);
    return r;
}

int coach_landlock_apply(char *const read_paths[], char *const device_paths[],
                         const char *writable, int exec_fd) {
    int abi = coach_landlock_abi();
    if (abi < 1) {
        errno = ENOSYS;
        return -1;
    }
    uint64_t fs = ll_handled_fs(abi);
    struct ll_ruleset_attr attr = {fs, 0, 0};
    size_t size = sizeof(uint64_t);
    if (abi >= 4) {
        attr.handled_access_net = LL_NET_BIND_TCP | LL_NET_CONNECT_TCP;
        size = 2 * sizeof(uint64_t);
    }
    if (abi >= 6) {
        attr.scoped = LL_SCOPE_ABSTRACT_UNIX | LL_SCOPE_SIGNAL;
        size = sizeof attr;
    }
    int ruleset = (int)syscall(SYS_landlock_create_ruleset, &attr, size, 0);
    if (ruleset < 0) return -1;
    uint64_t read = LL_FS_EXECUTE | LL_FS_READ_FILE | LL_FS_READ_DIR;
    uint64_t file_rw = (LL_FS_READ_FILE | LL_FS_WRITE_FILE | LL_FS_TRUNCATE | LL_FS_IOCTL_DEV) & fs;
    int failed = 0;
    for (int i = 0; read_paths && read_paths[i]; i++)
        if (ll_add_path(ruleset, read_paths[i], read) != 0) failed = 1;
    for (int i = 0; device_paths && device_paths[i]; i++)
        if (ll_add_path(ruleset, device_paths[i], file_rw) != 0) failed = 1;
    if (writable && ll_add_path(ruleset, writable, fs) != 0) failed = 1;
    if (exec_fd >= 0 && ll_add(ruleset, exec_fd, LL_FS_EXECUTE | LL_FS_READ_FILE) != 0)
        failed = 1;
    if (!failed && syscall(SYS_landlock_restrict_self, ruleset, 0) != 0) failed = 1;
    int saved = errno;
    close(ruleset);
    errno = saved;
    return failed ? -1 : 0;
}

#if defined(__x86_64__)
#define COACH_AUDIT_ARCH AUDIT_ARCH_X86_64
#elif defined(__aarch64__)
#define COACH_AUDIT_ARCH AUDIT_ARCH_AARCH64
#endif

// System calls a metric plugin has no use for that reach other processes, the kernel's
// namespaces or its keyrings; refused with EPERM.
static const int denied[] = {
    SYS_ptrace, SYS_process_vm_readv, SYS_process_vm_writev, SYS_kcmp, SYS_perf_event_open,
    SYS_bpf, SYS_userfaultfd, SYS_keyctl, SYS_add_key, SYS_request_key, SYS_mount,
    SYS_umount2, SYS_pivot_root, SYS_chroot, SYS_unshare, SYS_setns, SYS_open_by_handle_at,
    SYS_name_to_handle_at, SYS_kexec_load, SYS_init_module, SYS_finit_module,
    SYS_delete_module, SYS_io_uring_setup, SYS_io_uring_enter, SYS_io_uring_register,
    SYS_pidfd_getfd, SYS_swapon, SYS_swapoff, SYS_reboot, SYS_acct,
#ifdef SYS_iopl
    SYS_iopl,
#endif
#ifdef SYS_ioperm
    SYS_ioperm,
#endif
};

int coach_seccomp_apply(void) {
#ifndef COACH_AUDIT_ARCH
    errno = ENOSYS;
    return -1;
#else
    enum { DENIED = sizeof denied / sizeof denied[0] };
    struct sock_filter f[16 + 2 * DENIED];  // 9 around the list at most
    int n = 0;
    f[n++] = (struct sock_filter)BPF_STMT(BPF_LD | BPF_W | BPF_ABS,
                                          offsetof(struct seccomp_data, arch));
    f[n++] = (struct sock_filter)BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, COACH_AUDIT_ARCH, 1, 0);
    f[n++] = (struct sock_filter)BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_KILL_PROCESS);
    f[n++] = (struct sock_filter)BPF_STMT(BPF_LD | BPF_W | BPF_ABS,
                                          offsetof(struct seccomp_data, nr));
#if defined(__x86_64__)
    // The x32 numbering would name the same calls under other numbers.
    f[n++] = (struct sock_filter)BPF_JUMP(BPF_JMP | BPF_JGE | BPF_K, 0x40000000, 0, 1);
    f[n++] = (struct sock_filter)BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | EPERM);
#endif
    for (int i = 0; i < DENIED; i++) {
        f[n++] = (struct sock_filter)BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, denied[i], 0, 1);
        f[n++] = (struct sock_filter)BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | EPERM);
    }
    // No sockets at all (socketpair stays): no network, no local daemons by path.
    f[n++] = (struct sock_filter)BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, SYS_socket, 0, 1);
    f[n++] = (struct sock_filter)BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | EACCES);
    f[n++] = (struct sock_filter)BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW);
    struct sock_fprog prog = {(unsigned short)n, f};
    return (int)syscall(SYS_seccomp, SECCOMP_SET_MODE_FILTER, 0, &prog);
#endif
}

int coach_no_new_privs(void) { return prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0); }

int coach_host_undumpable(void) { return prctl(PR_SET_DUMPABLE, 0, 0, 0, 0); }

static int write_file(const char *path, const char *text) {
    int fd = open(path, O_WRONLY | O_CLOEXEC);
    if (fd < 0) return -1;
    size_t len = strlen(text);
    ssize_t n = write(fd, text, len);
    int saved = errno;
    close(fd);
    errno = saved;
    return n == (ssize_t)len ? 0 : -1;
}

// Decimal digits of `v` at `out`; returns the end.
static char *put_uint(char *out, unsigned int v) {
    char tmp[12];
    int k = 0;
    do { tmp[k++] = (char)('0' + v % 10); v /= 10; } while (v);
    while (k) *out++ = tmp[--k];
    return out;
}

static int enter_user_namespace(unsigned int uid, unsigned int gid);

int coach_enter_user_namespace(unsigned int uid, unsigned int gid) {
    // A non-dumpable process (coach makes itself one) cannot write its own /proc maps: dumpable
    // only while they are written, then not again until exec.
    if (prctl(PR_SET_DUMPABLE, 1, 0, 0, 0) != 0) return -1;
    int r = enter_user_namespace(uid, gid);
    int saved = errno;
    prctl(PR_SET_DUMPABLE, 0, 0, 0, 0);
    errno = saved;
    return r;
}

static int enter_user_namespace(unsigned int uid, unsigned int gid) {
    if (unshare(CLONE_NEWUSER) != 0) return -1;
    char map[40];
    char *p = put_uint(map, uid);
    *p++ = ' ';
    p = put_uint(p, uid);
    memcpy(p, " 1\n", 4);
    if (write_file("/proc/self/setgroups", "deny") != 0) return -1;
    if (write_file("/proc/self/uid_map", map) != 0) return -1;
    p = put_uint(map, gid);
    *p++ = ' ';
    p = put_uint(p, gid);
    memcpy(p, " 1\n", 4);
    return write_file("/proc/self/gid_map", map);
}

int coach_private_mounts(void) {
    return mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL);
}

int coach_mount_proc(void) {
    return mount("proc", "/proc", "proc", MS_NOSUID | MS_NODEV | MS_NOEXEC, NULL);
}
