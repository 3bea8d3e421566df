// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * The owner-on-CPU oracle (oracle.h): its fallbacks (no privilege, no BTF,
 * program rejected, nothing pinned), its correctness (a thread pinned to a
 * CPU is reported there while it runs and not after it blocks), the
 * pinned map's permissions (an unprivileged process can neither write it
 * nor read it without the group), and the spin runtime's use of it.
 * Tests that need root or a BPF-capable kernel skip with the reason.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <linux/bpf.h>
#include <pthread.h>
#include <sched.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <cmocka.h>
#include "pvs_clock.h"
#include "pvs_test.h"

#include <pvsched/errors.h>
#include <pvsched/oracle.h>
#include <pvsched/spin_rt.h>

#include "oracle_reject.skel.h"

#define NOBODY 65534
/* The group a test pins the map for (any id no one here belongs to). */
#define TEST_GID 54321

/* An attached private oracle, or NULL with the reason in *why. */
static struct pvrt_oracle *attach(enum pvrt_oracle_why *why)
{
	struct pvrt_oracle_opts opts;
	struct pvrt_oracle *o = NULL;

	memset(&opts, 0, sizeof(opts));
	opts.no_pinned = true;
	if (pvrt_oracle_open(&o, &opts, why) < 0)
		return NULL;
	return o;
}

/* Root and a kernel that loads the program, or skip. */
#define NEED_ORACLE(o)                                                        \
	enum pvrt_oracle_why why_;                                            \
	struct pvrt_oracle *o;                                                \
	if (geteuid() != 0)                                                   \
		SKIP_BECAUSE("skipped: needs root to load BPF");              \
	o = attach(&why_);                                                    \
	if (o == NULL)                                                        \
		SKIP_BECAUSE("skipped: BPF oracle not available here: %s",    \
			     pvrt_oracle_why_name(why_))

/* Run @fn in a forked child; its exit status (0 = pass). */
static int in_child(int (*fn)(void *), void *arg)
{
	int st;
	pid_t pid = fork();

	if (pid == 0)
		_exit(fn(arg));
	if (pid < 0 || waitpid(pid, &st, 0) != pid || !WIFEXITED(st))
		return -1;
	return WEXITSTATUS(st);
}

static int become_nobody(gid_t extra_group)
{
	gid_t g = extra_group;

	if (setgroups(extra_group ? 1 : 0, &g) != 0 ||
	    setgid(NOBODY) != 0 || setuid(NOBODY) != 0)
		return -1;
	return 0;
}

/* ---- fallbacks ----------------------------------------------------------- */

static int child_no_privilege(void *arg)
{
	struct pvrt_oracle_opts opts;
	struct pvrt_oracle *o = NULL;
	enum pvrt_oracle_why why = PVRT_ORACLE_OK;

	(void)arg;
	if (geteuid() == 0 && become_nobody(0) != 0)
		return 10;
	memset(&opts, 0, sizeof(opts));
	opts.no_pinned = true;
	if (pvrt_oracle_open(&o, &opts, &why) == 0)
		return 11;
	return o == NULL && why == PVRT_ORACLE_NO_PRIVILEGE ? 0 : 12;
}

/* Every reason has its own text; anything else reads as a system error. */
static void test_why_names(void **state)
{
	unsigned int w;

	(void)state;
	assert_string_equal(pvrt_oracle_why_name(PVRT_ORACLE_OK), "ok");
	for (w = PVRT_ORACLE_OK + 1; w < PVRT_ORACLE_SYSTEM; w++) {
		const char *n = pvrt_oracle_why_name((enum pvrt_oracle_why)w);

		assert_string_not_equal(n, "system error");
		assert_string_not_equal(n, pvrt_oracle_why_name(
				(enum pvrt_oracle_why)(w - 1)));
	}
	assert_string_equal(pvrt_oracle_why_name(PVRT_ORACLE_SYSTEM),
			    "system error");
	assert_string_equal(pvrt_oracle_why_name((enum pvrt_oracle_why)99),
			    "system error");
}

static void test_fallback_no_privilege(void **state)
{
	(void)state;
	assert_int_equal(in_child(child_no_privilege, NULL), 0);
}

static void test_fallback_no_btf(void **state)
{
	struct pvrt_oracle_opts opts;
	struct pvrt_oracle *o = NULL;
	enum pvrt_oracle_why why = PVRT_ORACLE_OK;

	(void)state;
	memset(&opts, 0, sizeof(opts));
	opts.no_pinned = true;
	opts.btf_path = "/nonexistent/vmlinux";
	assert_true(pvrt_oracle_open(&o, &opts, &why) < 0);
	assert_null(o);
	assert_int_equal(why, PVRT_ORACLE_NO_BTF);
}

static void test_fallback_rejected(void **state)
{
	struct pvrt_oracle_opts opts;
	struct pvrt_oracle *o = NULL;
	enum pvrt_oracle_why why = PVRT_ORACLE_OK;

	(void)state;
	if (geteuid() != 0)
		SKIP_BECAUSE("skipped: needs root (unprivileged loads fail "
			     "for privilege before the verifier runs)");
	memset(&opts, 0, sizeof(opts));
	opts.no_pinned = true;
	opts.obj_buf = oracle_reject__elf_bytes(&opts.obj_size);
	assert_true(pvrt_oracle_open(&o, &opts, &why) < 0);
	assert_null(o);
	assert_int_equal(why, PVRT_ORACLE_REJECTED);
}

static void test_fallback_not_pinned(void **state)
{
	struct pvrt_oracle *o = NULL;
	enum pvrt_oracle_why why = PVRT_ORACLE_OK;
	struct pvrt_spin s;

	(void)state;
	assert_true(pvrt_oracle_open_pinned(&o, "/nonexistent/pvsched",
					    &why) < 0);
	assert_null(o);
	assert_int_equal(why, PVRT_ORACLE_NOT_PINNED);
	/* The NULL oracle answers "not known" everywhere. */
	assert_false(pvrt_oracle_is_running(NULL, 1, 0));
	assert_int_equal(pvrt_oracle_vcpu_preempted(NULL, 0), -1);
	assert_int_equal(pvrt_oracle_tgid_on(NULL, 0), -1);
	assert_int_equal(pvrt_oracle_source_of(NULL), PVRT_ORACLE_SOURCE_NONE);
	/* PVRT_ORACLE=off (first use in this process): the spin runtime
	 * starts without one. */
	setenv("PVRT_ORACLE", "off", 1);
	assert_null(pvrt_oracle_default());
	assert_int_equal(pvrt_spin_init(&s, PVS_SPIN_POLICY_PV), 0);
	assert_null(s.oracle);
}

/* ---- correctness: running while it runs, not after it blocks -------------- */

struct pinned_thread {
	const struct pvrt_oracle *o;
	int cpu;
	uint32_t tid;		/* atomic */
	uint32_t phase;		/* 0 spin, 1 block; atomic */
	int pipe_rd;
	/* While it runs it asks about itself: every answer must be yes. */
	uint64_t self_checks, self_misses;
};

static void *pinned_main(void *arg)
{
	struct pinned_thread *p = (struct pinned_thread *)arg;
	cpu_set_t set;
	char c;

	struct sched_param sp;

	CPU_ZERO(&set);
	CPU_SET(p->cpu, &set);
	sched_setaffinity(0, sizeof(set), &set);
	/* Best effort: keep the CPU against the machine's other work. */
	sp.sched_priority = 1;
	pthread_setschedparam(pthread_self(), SCHED_FIFO, &sp);
	__atomic_store_n(&p->tid, pvrt_spin_this_tid(), __ATOMIC_RELEASE);
	while (__atomic_load_n(&p->phase, __ATOMIC_ACQUIRE) == 0) {
		p->self_checks++;
		p->self_misses += !pvrt_oracle_is_running(p->o, p->tid,
							  sched_getcpu());
	}
	/* Blocks until the test writes a byte. */
	if (read(p->pipe_rd, &c, 1) != 1)
		return NULL;
	return NULL;
}

/* Us on CPU 0, a thread spinning on CPU 1 (until phase 1, then blocked
 * in read() until pinned_stop()). */
static void pinned_start(struct pinned_thread *p, const struct pvrt_oracle *o,
			 pthread_t *th, int fds[2], cpu_set_t *all)
{
	sched_getaffinity(0, sizeof(*all), all);
	assert_int_equal(pipe(fds), 0);
	memset(p, 0, sizeof(*p));
	p->o = o;
	p->cpu = 1;
	p->pipe_rd = fds[0];
	pvs_test_pin(0);
	assert_int_equal(pthread_create(th, NULL, pinned_main, p), 0);
	while (__atomic_load_n(&p->tid, __ATOMIC_ACQUIRE) == 0)
		sched_yield();
}

static void pinned_stop(pthread_t *th, int fds[2], const cpu_set_t *all)
{
	assert_int_equal(write(fds[1], "x", 1), 1);
	pthread_join(*th, NULL);
	close(fds[0]);
	close(fds[1]);
	sched_setaffinity(0, sizeof(*all), all);
}

static void test_running_then_blocked(void **state)
{
	struct pinned_thread p;
	pthread_t th;
	int fds[2];
	unsigned int seen = 0, samples = 0, wrong = 0;
	uint64_t t0;
	cpu_set_t all;

	(void)state;
	if (sysconf(_SC_NPROCESSORS_ONLN) < 2)
		SKIP_BECAUSE("skipped: needs 2 CPUs (one to run, one to look)");
	NEED_ORACLE(o);
	assert_int_equal(pvrt_oracle_source_of(o), PVRT_ORACLE_SOURCE_ATTACHED);
	print_message("oracle: %u CPUs, vCPU-preempted flag %s\n",
		      pvrt_oracle_nr_cpus(o),
		      pvrt_oracle_vcpu_preempted(o, 0) < 0 ? "not readable "
		      "(steal_time not addressable by BPF here)" : "read");
	pinned_start(&p, o, &th, fds, &all);
	/* It spins on CPU 1: reported there most of the time (other tasks may
	 * take CPU 1 now and then). */
	t0 = pvs_test_mono_ns();
	while (pvs_test_mono_ns() - t0 < 100000000u) {
		samples++;
		seen += pvrt_oracle_is_running(o, p.tid, 1);
	}
	print_message("running: seen on CPU 1 in %u of %u samples\n", seen,
		      samples);
	assert_true(seen * 10 > samples);
	assert_true(pvrt_oracle_switches(o, 1) > 0);
	assert_int_equal(pvrt_oracle_tgid_on(o, 1), (int64_t)getpid());
	/* Now it blocks in read(): never reported running anywhere. */
	__atomic_store_n(&p.phase, 1, __ATOMIC_RELEASE);
	usleep(20000);
	print_message("itself: %llu of %llu answers wrong\n",
		      (unsigned long long)p.self_misses,
		      (unsigned long long)p.self_checks);
	assert_true(p.self_checks > 0);
	assert_int_equal(p.self_misses, 0);
	t0 = pvs_test_mono_ns();
	samples = 0;
	while (pvs_test_mono_ns() - t0 < 50000000u) {
		int cpu;

		samples++;
		for (cpu = 0; cpu < (int)pvrt_oracle_nr_cpus(o); cpu++)
			wrong += pvrt_oracle_is_running(o, p.tid, cpu);
	}
	print_message("blocked: seen running in %u of %u samples\n", wrong,
		      samples);
	assert_int_equal(wrong, 0);
	pinned_stop(&th, fds, &all);
	pvrt_oracle_close(o);
}

/* ---- the spin runtime asks the oracle -------------------------------------- */

struct fake_lock {
	uint32_t owner_tid;
	int owner_cpu;
	unsigned int parks;
	uint32_t free_after_polls;	/* ready() says yes after this many */
	uint32_t polls;
};

static bool fake_ready(void *arg)
{
	struct fake_lock *l = (struct fake_lock *)arg;

	return ++l->polls > l->free_after_polls;
}

static int fake_park(void *arg, const struct timespec *deadline)
{
	struct fake_lock *l = (struct fake_lock *)arg;

	(void)deadline;
	l->parks++;
	return 1;	/* parking "took" the lock: the wait ends */
}

static int fake_owner_cpu(void *arg)
{
	return ((struct fake_lock *)arg)->owner_cpu;
}

/*
 * One wait on a fresh fake lock whose owner runs (as the oracle sees it)
 * on CPU 1 and which frees itself after free_after_polls polls. The owner
 * is named by thread id when owner_tid is not 0, by its CPU alone when it is.
 */
static int fake_lock_wait(struct pvrt_spin *s, struct pvrt_spin_waiter *w,
			  struct fake_lock *l, uint32_t owner_tid,
			  uint32_t free_after_polls,
			  struct pvrt_spin_wait_stats *st)
{
	memset(l, 0, sizeof(*l));
	l->owner_tid = owner_tid;
	l->owner_cpu = 1;
	l->free_after_polls = free_after_polls;
	return pvrt_spin_wait_for(s, w, owner_tid ? &l->owner_tid : NULL, NULL,
				  st);
}

static void test_spin_asks_oracle(void **state)
{
	struct pvrt_spin s;
	struct pvrt_spin_waiter w;
	struct pvrt_spin_wait_stats st;
	struct fake_lock l;
	struct pinned_thread p;
	pthread_t th;
	int fds[2];
	cpu_set_t all;

	(void)state;
	if (sysconf(_SC_NPROCESSORS_ONLN) < 2)
		SKIP_BECAUSE("skipped: needs 2 CPUs");
	NEED_ORACLE(o);
	unsetenv("PVRT_ORACLE");
	assert_int_equal(pvrt_spin_init(&s, PVS_SPIN_POLICY_PV), 0);
	s.oracle = o;
	pinned_start(&p, o, &th, fds, &all);
	usleep(1000);
	memset(&w, 0, sizeof(w));
	w.ready = fake_ready;
	w.park = fake_park;
	w.owner_cpu = fake_owner_cpu;
	w.arg = &l;
	/* Owner running on CPU 1: the waiter spins until the lock is free. */
	assert_int_equal(fake_lock_wait(&s, &w, &l, p.tid, 50, &st), 0);
	print_message("owner running: spins %u parks %u (%s)\n", st.spins,
		      st.parks, pvs_spin_reason_name(st.last_reason));
	assert_true(st.spins >= 1);
	/* Owner blocked: park at once, no spinning. */
	__atomic_store_n(&p.phase, 1, __ATOMIC_RELEASE);
	usleep(20000);
	assert_int_equal(fake_lock_wait(&s, &w, &l, p.tid, 1000000, &st), 0);
	assert_int_equal(st.spins, 0);
	assert_int_equal(st.parks, 1);
	assert_int_equal(st.last_reason, PVS_SPIN_REASON_OWNER_SLEEPING);
	/* Only the CPU known, and that CPU runs no thread of ours. */
	assert_int_equal(fake_lock_wait(&s, &w, &l, 0, 1000000, &st), 0);
	assert_int_equal(st.spins, 0);
	assert_int_equal(st.last_reason, PVS_SPIN_REASON_OWNER_SLEEPING);
	/* The fixed policy does not ask. */
	s.policy = PVS_SPIN_POLICY_FIXED;
	assert_int_equal(fake_lock_wait(&s, &w, &l, p.tid, 50, &st), 0);
	assert_true(st.spins >= 1);
	pinned_stop(&th, fds, &all);
	pvrt_oracle_close(o);
}

/* ---- the pinned map: read-only, and only for the group -------------------- */

static long sys_bpf(int cmd, union bpf_attr *attr)
{
	return syscall(SYS_bpf, cmd, attr, sizeof(*attr));
}

static int obj_get(const char *path, uint32_t flags)
{
	union bpf_attr a;

	memset(&a, 0, sizeof(a));
	a.pathname = (uint64_t)(uintptr_t)path;
	a.file_flags = flags;
	return (int)sys_bpf(BPF_OBJ_GET, &a);
}

static int map_write(int fd)
{
	union bpf_attr a;
	uint32_t key = 0;
	unsigned char val[64];

	memset(&a, 0, sizeof(a));
	memset(val, 0, sizeof(val));
	a.map_fd = (uint32_t)fd;
	a.key = (uint64_t)(uintptr_t)&key;
	a.value = (uint64_t)(uintptr_t)val;
	return (int)sys_bpf(BPF_MAP_UPDATE_ELEM, &a);
}

struct pin_case {
	char dir[256];
	char map[300];
};

/* Nobody without the group: cannot open the pin, read or write. */
static int child_outsider(void *arg)
{
	struct pin_case *pc = (struct pin_case *)arg;
	struct pvrt_oracle *o = NULL;
	enum pvrt_oracle_why why;

	if (become_nobody(0) != 0)
		return 10;
	if (obj_get(pc->map, 0) >= 0 || obj_get(pc->map, BPF_F_RDONLY) >= 0)
		return 11;
	if (pvrt_oracle_open_pinned(&o, pc->dir, &why) == 0)
		return 12;
	return why == PVRT_ORACLE_NO_ACCESS ? 0 : 13;
}

/* Nobody in the group: reads, but cannot write by syscall or mmap (the
 * map is frozen; the pin's mode lets the group open it read-write only
 * because the kernel maps nothing else). */
static int child_member(void *arg)
{
	struct pin_case *pc = (struct pin_case *)arg;
	struct pvrt_oracle *o = NULL;
	enum pvrt_oracle_why why;
	void *p;
	int fd;

	if (become_nobody(TEST_GID) != 0)
		return 20;
	fd = obj_get(pc->map, 0);
	if (fd < 0)
		return 22;
	if (map_write(fd) == 0)
		return 23;
	p = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	if (p != MAP_FAILED)
		return 24;
	p = mmap(NULL, 4096, PROT_READ, MAP_SHARED, fd, 0);
	if (p == MAP_FAILED)
		return 27;
	/* Read-only mapping cannot become writable either. */
	if (mprotect(p, 4096, PROT_READ | PROT_WRITE) == 0)
		return 28;
	munmap(p, 4096);
	close(fd);
	if (pvrt_oracle_open_pinned(&o, pc->dir, &why) != 0)
		return 25;
	if (pvrt_oracle_source_of(o) != PVRT_ORACLE_SOURCE_PINNED ||
	    pvrt_oracle_switches(o, 0) == 0)
		return 26;
	pvrt_oracle_close(o);
	return 0;
}

static void test_pinned_permissions(void **state)
{
	struct pin_case pc;
	char root[] = "/tmp/pvs-oracle-XXXXXX";
	enum pvrt_oracle_why why;
	int fd, ret;

	(void)state;
	if (geteuid() != 0)
		SKIP_BECAUSE("skipped: needs root to pin BPF objects");
	/* A private bpffs in a private mount namespace: nothing leaks. */
	if (unshare(CLONE_NEWNS) != 0 ||
	    mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL) != 0)
		SKIP_BECAUSE("skipped: cannot make a mount namespace (%s)",
			     strerror(errno));
	assert_non_null(mkdtemp(root));
	assert_int_equal(chmod(root, 0755), 0);
	if (mount("bpf", root, "bpf", 0, "mode=0755") != 0)
		SKIP_BECAUSE("skipped: cannot mount a BPF filesystem (%s)",
			     strerror(errno));
	snprintf(pc.dir, sizeof(pc.dir), "%s/pvsched", root);
	snprintf(pc.map, sizeof(pc.map), "%s/running", pc.dir);
	ret = pvrt_oracle_pin(pc.dir, TEST_GID, false, &why);
	if (ret < 0) {
		umount(root);
		rmdir(root);
		SKIP_BECAUSE("skipped: BPF oracle not available here: %s",
			     pvrt_oracle_why_name(why));
	}
	assert_int_equal(pvrt_oracle_pin(pc.dir, TEST_GID, false, &why),
			 -PVS_EAGAIN);
	/* Frozen: not even root writes it from userspace. */
	fd = obj_get(pc.map, 0);
	assert_true(fd >= 0);
	assert_true(map_write(fd) != 0);
	close(fd);
	usleep(10000);	/* some switches to read */
	assert_int_equal(in_child(child_outsider, &pc), 0);
	assert_int_equal(in_child(child_member, &pc), 0);
	assert_int_equal(pvrt_oracle_unpin(pc.dir), 0);
	assert_int_equal(pvrt_oracle_unpin(pc.dir), -PVS_ENOENT);
	umount(root);
	rmdir(root);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_why_names),
		cmocka_unit_test(test_fallback_not_pinned),
		cmocka_unit_test(test_fallback_no_privilege),
		cmocka_unit_test(test_fallback_no_btf),
		cmocka_unit_test(test_fallback_rejected),
		cmocka_unit_test(test_running_then_blocked),
		cmocka_unit_test(test_spin_asks_oracle),
		cmocka_unit_test(test_pinned_permissions),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
