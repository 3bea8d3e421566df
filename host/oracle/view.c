// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * The oracle's reader side (oracle.h): map the pinned array read-only
 * with two bpf() commands and one mmap(), and answer from the slots. No
 * libbpf: the spin runtime links this.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <linux/bpf.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <pvsched/errors.h>
#include <pvsched/internal/names.h>

#include "oracle_int.h"

static void set_why(enum pvrt_oracle_why *why, enum pvrt_oracle_why v)
{
	if (why != NULL)
		*why = v;
}

static long sys_bpf(int cmd, union bpf_attr *attr)
{
	return syscall(SYS_bpf, cmd, attr, sizeof(*attr));
}

int pvrt_oracle_pin_path(char *buf, size_t len, const char *dir,
			 const char *name)
{
	int n = snprintf(buf, len, "%s/%s",
			 dir != NULL ? dir : PVRT_ORACLE_PIN_DIR, name);

	return n < 0 || (size_t)n >= len ? -PVS_ERANGE : 0;
}

int pvrt_oracle_map_fd(int fd, enum pvrt_oracle_source source,
		       struct pvrt_oracle **out, enum pvrt_oracle_why *why)
{
	struct bpf_map_info info;
	union bpf_attr attr;
	struct pvrt_oracle *o;
	size_t len, page = (size_t)sysconf(_SC_PAGESIZE);
	void *p;

	memset(&info, 0, sizeof(info));
	memset(&attr, 0, sizeof(attr));
	attr.info.bpf_fd = (uint32_t)fd;
	attr.info.info_len = sizeof(info);
	attr.info.info = (uint64_t)(uintptr_t)&info;
	if (sys_bpf(BPF_OBJ_GET_INFO_BY_FD, &attr) != 0 ||
	    info.type != BPF_MAP_TYPE_ARRAY ||
	    info.value_size != sizeof(struct pvrt_oracle_abi_slot) ||
	    !(info.map_flags & BPF_F_MMAPABLE) || info.max_entries == 0 ||
	    info.max_entries > PVRT_ORACLE_ABI_MAX_CPUS) {
		set_why(why, PVRT_ORACLE_BAD_MAP);
		return -PVS_EINVAL;
	}
	len = ((size_t)info.value_size * info.max_entries + page - 1) /
	      page * page;
	p = mmap(NULL, len, PROT_READ, MAP_SHARED, fd, 0);
	if (p == MAP_FAILED) {
		set_why(why, errno == EACCES || errno == EPERM ?
				     PVRT_ORACLE_NO_ACCESS :
				     PVRT_ORACLE_SYSTEM);
		return -PVS_EIO;
	}
	o = calloc(1, sizeof(*o));
	if (o == NULL) {
		munmap(p, len);
		set_why(why, PVRT_ORACLE_SYSTEM);
		return -PVS_ENOMEM;
	}
	o->slots = (const volatile struct pvrt_oracle_abi_slot *)p;
	o->map_len = len;
	o->nr_cpus = info.max_entries;
	o->source = source;
	*out = o;
	set_why(why, PVRT_ORACLE_OK);
	return 0;
}

int pvrt_oracle_open_pinned(struct pvrt_oracle **out, const char *pin_dir,
			    enum pvrt_oracle_why *why)
{
	char path[4096];
	union bpf_attr attr;
	int fd, ret;

	if (out == NULL)
		return -PVS_EINVAL;
	*out = NULL;
	if (pvrt_oracle_pin_path(path, sizeof(path), pin_dir,
				 PVRT_ORACLE_ABI_MAP) < 0) {
		set_why(why, PVRT_ORACLE_NOT_PINNED);
		return -PVS_ERANGE;
	}
	if (access(path, F_OK) != 0) {
		set_why(why, errno == ENOENT || errno == ENOTDIR ?
				     PVRT_ORACLE_NOT_PINNED :
				     PVRT_ORACLE_NO_ACCESS);
		return -PVS_ENOENT;
	}
	/*
	 * Opened read-write: the kernel maps a BPF map only through a file
	 * opened for writing (a read-only file's MAP_SHARED mapping loses
	 * VM_SHARED, which bpf_map_mmap() refuses). Writes still fail: the
	 * map is frozen (bpf_map_freeze()), so the kernel refuses every
	 * update from userspace and every writable mapping; only the program
	 * writes it.
	 */
	memset(&attr, 0, sizeof(attr));
	attr.pathname = (uint64_t)(uintptr_t)path;
	fd = (int)sys_bpf(BPF_OBJ_GET, &attr);
	if (fd < 0) {
		set_why(why, errno == ENOENT || errno == ENOTDIR ?
				     PVRT_ORACLE_NOT_PINNED :
			     errno == EACCES || errno == EPERM ?
				     PVRT_ORACLE_NO_ACCESS :
				     PVRT_ORACLE_BAD_MAP);
		return errno == ENOENT ? -PVS_ENOENT : -PVS_EIO;
	}
	ret = pvrt_oracle_map_fd(fd, PVRT_ORACLE_SOURCE_PINNED, out, why);
	close(fd);	/* the mapping keeps the map */
	return ret;
}

static const struct pvrt_oracle *pvrt_oracle_process;
static pthread_once_t pvrt_oracle_process_once = PTHREAD_ONCE_INIT;

static void pvrt_oracle_process_init(void)
{
	const char *env = getenv("PVRT_ORACLE");
	struct pvrt_oracle *o = NULL;

	if (env != NULL && (strcmp(env, "off") == 0 || strcmp(env, "0") == 0))
		return;
	if (pvrt_oracle_open_pinned(&o, NULL, NULL) == 0)
		pvrt_oracle_process = o;
}

const struct pvrt_oracle *pvrt_oracle_default(void)
{
	pthread_once(&pvrt_oracle_process_once, pvrt_oracle_process_init);
	return pvrt_oracle_process;
}

static const volatile struct pvrt_oracle_abi_slot *
slot_of(const struct pvrt_oracle *o, int cpu)
{
	if (o == NULL || cpu < 0 || (uint32_t)cpu >= o->nr_cpus)
		return NULL;
	return &o->slots[cpu];
}

bool pvrt_oracle_is_running(const struct pvrt_oracle *o, uint32_t tid,
			    int cpu)
{
	const volatile struct pvrt_oracle_abi_slot *s = slot_of(o, cpu);

	return s != NULL && s->tid == tid;
}

int64_t pvrt_oracle_tgid_on(const struct pvrt_oracle *o, int cpu)
{
	const volatile struct pvrt_oracle_abi_slot *s = slot_of(o, cpu);

	return s != NULL ? (int64_t)s->tgid : -1;
}

int pvrt_oracle_vcpu_preempted(const struct pvrt_oracle *o, int cpu)
{
	const volatile struct pvrt_oracle_abi_slot *s = slot_of(o, cpu);
	uint32_t v;

	if (s == NULL)
		return -1;
	v = s->vcpu_preempted;
	return v == PVRT_ORACLE_ABI_PREEMPT_YES ? 1 :
	       v == PVRT_ORACLE_ABI_PREEMPT_NO	? 0 :
						  -1;
}

uint64_t pvrt_oracle_switches(const struct pvrt_oracle *o, int cpu)
{
	const volatile struct pvrt_oracle_abi_slot *s = slot_of(o, cpu);

	return s != NULL ? s->switches : 0;
}

uint32_t pvrt_oracle_nr_cpus(const struct pvrt_oracle *o)
{
	return o != NULL ? o->nr_cpus : 0;
}

enum pvrt_oracle_source pvrt_oracle_source_of(const struct pvrt_oracle *o)
{
	return o != NULL ? o->source : PVRT_ORACLE_SOURCE_NONE;
}

void pvrt_oracle_close(struct pvrt_oracle *o)
{
	if (o == NULL)
		return;
	munmap((void *)(uintptr_t)o->slots, o->map_len);
	if (o->unload != NULL)
		o->unload(o->loaded);
	free(o);
}

/* Indexed by the enum; PVRT_ORACLE_SYSTEM and any value with no entry
 * read "system error". */
static const char *const why_names[] = {
	[PVRT_ORACLE_OK] = "ok",
	[PVRT_ORACLE_NOT_BUILT] = "not built (no libbpf/bpftool/clang)",
	[PVRT_ORACLE_NO_PRIVILEGE] = "no privilege to load BPF",
	[PVRT_ORACLE_NO_BTF] = "no kernel BTF",
	[PVRT_ORACLE_REJECTED] = "program rejected by the kernel",
	[PVRT_ORACLE_NOT_PINNED] = "not pinned",
	[PVRT_ORACLE_NO_ACCESS] = "pinned map not readable by this user",
	[PVRT_ORACLE_BAD_MAP] = "pinned object is not the oracle's map",
	[PVRT_ORACLE_DISABLED] = "disabled",
};

const char *pvrt_oracle_why_name(enum pvrt_oracle_why why)
{
	return PVS_NAME_OF_(why_names, why, "system error");
}
