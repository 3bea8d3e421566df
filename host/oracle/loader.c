// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * The oracle's loader side (oracle.h, library pvsched_oracle): load the
 * BPF object with libbpf (CO-RE against the kernel's BTF), attach it to
 * sched_switch, freeze and map its array; or pin it for other users.
 * The two built-in objects come from oracle.bpf.c (bpftool skeletons, only
 * their ELF bytes are used): the one that copies the vCPU-preempted flags
 * is tried first.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <linux/magic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <unistd.h>

#include <bpf/bpf.h>
#include <bpf/libbpf.h>

#include <pvsched/errors.h>

#include "oracle_int.h"
#include "oracle_plain.skel.h"
#include "oracle_steal.skel.h"

#define BTF_DEFAULT "/sys/kernel/btf/vmlinux"

struct loaded {
	struct bpf_object *obj;
	struct bpf_link *link;
};

static void set_why(enum pvrt_oracle_why *why, enum pvrt_oracle_why v)
{
	if (why != NULL)
		*why = v;
}

static int quiet_print(enum libbpf_print_level level, const char *fmt,
		       va_list ap)
{
	if (level != LIBBPF_WARN || getenv("PVRT_ORACLE_DEBUG") == NULL)
		return 0;
	return vfprintf(stderr, fmt, ap);
}

static void unload(void *p)
{
	struct loaded *l = (struct loaded *)p;

	if (l == NULL)
		return;
	bpf_link__destroy(l->link);
	bpf_object__close(l->obj);
	free(l);
}

/* errno of a failed load or attach -> reason: the kernel says EPERM for
 * a missing capability, EACCES (or EINVAL, ENOENT ...) when the verifier
 * refuses. */
static enum pvrt_oracle_why load_why(int err)
{
	if (err < 0)
		err = -err;
	return err == EPERM ? PVRT_ORACLE_NO_PRIVILEGE : PVRT_ORACLE_REJECTED;
}

/* Open, size, load and attach one object; the map is frozen. */
static int load_one(const void *buf, size_t size, const char *btf,
		    struct loaded **out, enum pvrt_oracle_why *why)
{
	LIBBPF_OPTS(bpf_object_open_opts, oo);
	struct loaded *l = calloc(1, sizeof(*l));
	struct bpf_program *prog;
	struct bpf_map *map;
	int ncpu, err;

	if (l == NULL) {
		set_why(why, PVRT_ORACLE_SYSTEM);
		return -PVS_ENOMEM;
	}
	if (strcmp(btf, BTF_DEFAULT) != 0)
		oo.btf_custom_path = btf;
	l->obj = bpf_object__open_mem(buf, size, &oo);
	if (l->obj == NULL) {
		free(l);
		set_why(why, PVRT_ORACLE_REJECTED);
		return -PVS_EINVAL;
	}
	map = bpf_object__find_map_by_name(l->obj, PVRT_ORACLE_ABI_MAP);
	prog = bpf_object__next_program(l->obj, NULL);
	ncpu = libbpf_num_possible_cpus();
	if (map == NULL || prog == NULL || ncpu <= 0 ||
	    ncpu > PVRT_ORACLE_ABI_MAX_CPUS ||
	    bpf_map__set_max_entries(map, (uint32_t)ncpu) != 0) {
		unload(l);
		set_why(why, PVRT_ORACLE_REJECTED);
		return -PVS_EINVAL;
	}
	err = bpf_object__load(l->obj);
	if (err != 0) {
		unload(l);
		set_why(why, load_why(err));
		return -PVS_EIO;
	}
	l->link = bpf_program__attach(prog);
	if (l->link == NULL) {
		err = -errno;
		unload(l);
		set_why(why, load_why(err));
		return -PVS_EIO;
	}
	if (bpf_map_freeze(bpf_map__fd(map)) != 0) {
		unload(l);
		set_why(why, PVRT_ORACLE_SYSTEM);
		return -PVS_EIO;
	}
	*out = l;
	set_why(why, PVRT_ORACLE_OK);
	return 0;
}

/* Built-in objects (or the caller's) in order, until one loads. */
static int load_any(const struct pvrt_oracle_opts *opts, struct loaded **out,
		    enum pvrt_oracle_why *why)
{
	const char *btf = opts->btf_path ? opts->btf_path : BTF_DEFAULT;
	size_t size;
	const void *buf;
	int ret;

	libbpf_set_print(quiet_print);
	if (access(btf, R_OK) != 0) {
		set_why(why, PVRT_ORACLE_NO_BTF);
		return -PVS_ENOENT;
	}
	if (opts->obj_buf != NULL)
		return load_one(opts->obj_buf, opts->obj_size, btf, out, why);
	if (!opts->no_steal) {
		buf = oracle_steal__elf_bytes(&size);
		if (load_one(buf, size, btf, out, why) == 0)
			return 0;
	}
	buf = oracle_plain__elf_bytes(&size);
	ret = load_one(buf, size, btf, out, why);
	return ret;
}

static int attach(const struct pvrt_oracle_opts *opts,
		  struct pvrt_oracle **out, enum pvrt_oracle_why *why)
{
	struct loaded *l;
	struct bpf_map *map;
	int ret = load_any(opts, &l, why);

	if (ret < 0)
		return ret;
	map = bpf_object__find_map_by_name(l->obj, PVRT_ORACLE_ABI_MAP);
	ret = pvrt_oracle_map_fd(bpf_map__fd(map), PVRT_ORACLE_SOURCE_ATTACHED,
				 out, why);
	if (ret < 0) {
		unload(l);
		return ret;
	}
	(*out)->loaded = l;
	(*out)->unload = unload;
	return 0;
}

int pvrt_oracle_open(struct pvrt_oracle **out,
		     const struct pvrt_oracle_opts *opts,
		     enum pvrt_oracle_why *why)
{
	static const struct pvrt_oracle_opts defaults;
	enum pvrt_oracle_why w = PVRT_ORACLE_DISABLED;
	int ret = -PVS_ENOTSUP;

	if (out == NULL)
		return -PVS_EINVAL;
	*out = NULL;
	if (opts == NULL)
		opts = &defaults;
	if (!opts->no_attach) {
		ret = attach(opts, out, &w);
		if (ret == 0) {
			set_why(why, w);
			return 0;
		}
	}
	if (!opts->no_pinned)
		ret = pvrt_oracle_open_pinned(out, opts->pin_dir, &w);
	set_why(why, w);
	return ret;
}

int pvrt_oracle_prog_stats(const struct pvrt_oracle *o, uint64_t *runs,
			   uint64_t *run_ns)
{
	const struct loaded *l;
	struct bpf_prog_info info;
	uint32_t len = sizeof(info);

	if (o == NULL || o->unload != unload || o->loaded == NULL)
		return -PVS_EINVAL;
	l = (const struct loaded *)o->loaded;
	memset(&info, 0, sizeof(info));
	if (bpf_obj_get_info_by_fd(bpf_program__fd(bpf_object__next_program(
					   l->obj, NULL)),
				   &info, &len) != 0)
		return -PVS_EIO;
	*runs = info.run_cnt;
	*run_ns = info.run_time_ns;
	return 0;
}

int pvrt_oracle_stats_enable(void)
{
	int fd = bpf_enable_stats(BPF_STATS_RUN_TIME);

	return fd >= 0 ? fd : -PVS_EIO;
}

/* ---- pins ---------------------------------------------------------------- */

/* The pin directory's parent must be a BPF filesystem: mount one. */
static int ensure_bpffs(const char *dir)
{
	char parent[4096];
	struct statfs sf;
	char *slash;

	snprintf(parent, sizeof(parent), "%s", dir);
	slash = strrchr(parent, '/');
	if (slash == NULL || slash == parent)
		return -PVS_EINVAL;
	*slash = '\0';
	if (statfs(parent, &sf) == 0 && sf.f_type == BPF_FS_MAGIC)
		return 0;
	if (mount("bpf", parent, "bpf", 0, "mode=0755") != 0)
		return -PVS_EIO;
	return 0;
}

/* "<dir>/running" and "<dir>/switch_link", each into PATH_LEN bytes. */
#define PATH_LEN 4096
static int pin_paths(const char *dir, char *map_path, char *link_path)
{
	if (pvrt_oracle_pin_path(map_path, PATH_LEN, dir,
				 PVRT_ORACLE_ABI_MAP) < 0 ||
	    pvrt_oracle_pin_path(link_path, PATH_LEN, dir,
				 PVRT_ORACLE_ABI_LINK) < 0)
		return -PVS_ERANGE;
	return 0;
}

int pvrt_oracle_pin(const char *pin_dir, int64_t gid, bool no_steal,
		    enum pvrt_oracle_why *why)
{
	struct pvrt_oracle_opts opts;
	char map_path[PATH_LEN], link_path[PATH_LEN];
	gid_t g = gid >= 0 ? (gid_t)gid : 0;
	struct loaded *l;
	struct bpf_map *map;
	int ret;

	if (pin_dir == NULL)
		pin_dir = PVRT_ORACLE_PIN_DIR;
	if (pin_paths(pin_dir, map_path, link_path) < 0)
		return -PVS_ERANGE;
	if (access(map_path, F_OK) == 0)
		return -PVS_EAGAIN;
	if (ensure_bpffs(pin_dir) < 0) {
		set_why(why, PVRT_ORACLE_SYSTEM);
		return -PVS_EIO;
	}
	memset(&opts, 0, sizeof(opts));
	opts.no_steal = no_steal;
	ret = load_any(&opts, &l, why);
	if (ret < 0)
		return ret;
	map = bpf_object__find_map_by_name(l->obj, PVRT_ORACLE_ABI_MAP);
	if ((mkdir(pin_dir, 0700) != 0 && errno != EEXIST) ||
	    chown(pin_dir, 0, g) != 0 ||
	    chmod(pin_dir, gid >= 0 ? 0750 : 0700) != 0 ||
	    bpf_map__pin(map, map_path) != 0 ||
	    chown(map_path, 0, g) != 0 ||
	    chmod(map_path, gid >= 0 ? 0660 : 0600) != 0 ||
	    bpf_link__pin(l->link, link_path) != 0) {
		ret = -errno;
		unlink(map_path);
		unlink(link_path);
		unload(l);
		set_why(why, PVRT_ORACLE_SYSTEM);
		return ret < 0 ? ret : -PVS_EIO;
	}
	bpf_link__disconnect(l->link);	/* the pin keeps it attached */
	unload(l);	/* the pins hold the map and the link */
	return 0;
}

int pvrt_oracle_unpin(const char *pin_dir)
{
	char map_path[PATH_LEN], link_path[PATH_LEN];
	int gone = 0;

	if (pin_dir == NULL)
		pin_dir = PVRT_ORACLE_PIN_DIR;
	if (pin_paths(pin_dir, map_path, link_path) < 0)
		return -PVS_ERANGE;
	gone += unlink(link_path) == 0;
	gone += unlink(map_path) == 0;
	rmdir(pin_dir);
	return gone ? 0 : -PVS_ENOENT;
}
