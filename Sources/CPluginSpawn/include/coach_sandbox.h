#ifndef COACH_SANDBOX_H
#define COACH_SANDBOX_H

/// The Landlock ABI version this kernel offers, 0 when it has none.
int coach_landlock_abi(void);

/// Restricts this process and its children to reading and executing below `read_paths`,
/// reading and writing the files `device_paths`, everything below `writable`, and reading and
/// executing the file open as `exec_fd` (-1 for none); TCP binds and connections, abstract
/// Unix sockets and signals outside are refused where the ABI has them. 0, or -1 with errno.
int coach_landlock_apply(char *const read_paths[], char *const device_paths[],
                         const char *writable, int exec_fd);

/// Installs the seccomp filter: no sockets, no ptrace or reading other processes' memory, no
/// namespaces, mounts, keyrings, BPF or io_uring. Needs no-new-privileges. 0, or -1.
int coach_seccomp_apply(void);

/// Sets no-new-privileges (no setuid gains across exec). 0, or -1.
int coach_no_new_privs(void);

/// Makes the calling (host) process non-dumpable: no core files, and processes of the same
/// user cannot read its memory or /proc files such as environ. 0, or -1.
int coach_host_undumpable(void);

/// Enters a new user namespace mapping `uid` and `gid` to themselves. 0, or -1 with errno.
int coach_enter_user_namespace(unsigned int uid, unsigned int gid);

/// Makes every mount private to the current mount namespace. 0, or -1.
int coach_private_mounts(void);

/// Mounts a fresh /proc for the current PID namespace. 0, or -1.
int coach_mount_proc(void);

#endif
