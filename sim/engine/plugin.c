// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * Decision hooks: each model asks pvsim_is_preempted(), pvsim_pick_cpu(),
 * pvsim_asym_group_pull() ... where the kernel asks the library, so that a
 * plug-in's policy (struct pvsim_hooks, loaded from a shared object by
 * `--plugin`) runs in the same model, with the same seeds, beside the
 * built-in ones. The loader takes a plug-in of this ABI or an older one
 * from PVSIM_PLUGIN_ABI_OLDEST on (its hooks are a prefix of today's).
 */
#include <dlfcn.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <pvsched/sim.h>

#include "engine/sim_int.h"

bool pvsim_is_preempted(const struct pvsim_hooks *h,
			const struct pvs_core_state *cs, unsigned int thread)
{
	if (h && h->is_preempted)
		return h->is_preempted(h->user, cs, thread);
	return pvs_is_preempted(cs, thread);
}

int pvsim_pick_cpu(const struct pvsim_hooks *h,
		   const struct pvs_pack_topology *t,
		   const uint32_t *nr_running,
		   const struct pvs_pack_task *task,
		   enum pvs_pack_policy policy)
{
	if (h && h->pick_cpu)
		return h->pick_cpu(h->user, t, nr_running, task);
	return pvs_pack_pick_cpu(t, nr_running, task, policy);
}

int pvsim_idle_state_latency(const struct pvsim_hooks *h,
			     const struct pvs_idle_platform *platform,
			     const struct pvs_xcede_table *fw_table,
			     const struct pvs_lat_stats *timer,
			     const struct pvs_lat_stats *ipi,
			     enum pvs_idle_policy policy,
			     struct pvs_idle_latency *out)
{
	if (h && h->idle_state_latency)
		return h->idle_state_latency(h->user, platform, fw_table,
					     timer, ipi, out);
	return pvs_idle_state_latency(platform, fw_table, policy, out);
}

enum pvs_poll_action pvsim_poll_action(const struct pvsim_hooks *h,
				       const struct pvs_poll_in *in)
{
	if (h && h->poll_action)
		return h->poll_action(h->user, in);
	return pvs_poll_action(in);
}

uint64_t pvsim_halt_poll_window_ns(const struct pvsim_hooks *h,
				   const struct pvs_halt_poll_params *p,
				   const struct pvs_halt_poll_state *st)
{
	if (h && h->halt_poll_window_ns)
		return h->halt_poll_window_ns(h->user, p, st);
	return pvs_halt_poll_window_ns(p, st);
}

int pvsim_halt_poll_step(const struct pvsim_hooks *h,
			 const struct pvs_halt_poll_params *p,
			 struct pvs_halt_poll_state *st, uint64_t block_ns)
{
	if (h && h->halt_poll_step)
		return h->halt_poll_step(h->user, p, st, block_ns);
	return pvs_halt_poll_step(p, st, block_ns, true);
}

int pvsim_should_yield(const struct pvsim_hooks *h,
		       const struct pvs_rq_lens *rq)
{
	if (h && h->should_yield)
		return h->should_yield(h->user, rq);
	return pvs_should_yield(rq);
}

int pvsim_dy_on_spin(const struct pvsim_hooks *h, struct pvs_dy_vm *vm,
		     const struct pvs_dy_spinner *sp,
		     struct pvs_dy_result *res)
{
	if (h && h->dy_on_spin)
		return h->dy_on_spin(h->user, vm, sp, res);
	return pvs_dy_on_spin(vm, sp, res);
}

void pvsim_dy_spin_loop(const struct pvsim_hooks *h,
			struct pvs_vcpu_snap *me, bool enter)
{
	if (h && h->dy_spin_loop)
		h->dy_spin_loop(h->user, me, enter);
	else if (enter)
		pvs_dy_spin_enter(me);
	else
		pvs_dy_spin_exit(me);
}

int pvsim_ple_step(const struct pvsim_hooks *h,
		   const struct pvs_ple_params *p, enum pvs_ple_event ev,
		   uint32_t *window)
{
	if (h && h->ple_step)
		return h->ple_step(h->user, p, ev, window);
	return pvs_ple_step(p, ev, window);
}

/* The three asym-packing decisions (plugin.h): the plug-in's hook when it
 * has one, else the library's rule; one body for all three. */
#define PVSIM_ASYM_DECISION(name)					\
	bool pvsim_##name(const struct pvsim_hooks *h,			\
			  const struct pvs_asym_snapshot *s,		\
			  enum pvs_asym_rule rule)			\
	{								\
		if (h && h->name)					\
			return h->name(h->user, s);			\
		return pvs_##name(s, rule);				\
	}

PVSIM_ASYM_DECISION(asym_group_pull)
PVSIM_ASYM_DECISION(asym_skip_rq)
PVSIM_ASYM_DECISION(asym_active_balance)
#undef PVSIM_ASYM_DECISION

const char *const pvsim_hook_names[PVSIM_NHOOKS] = {
	"is_preempted", "pick_cpu", "idle_state_latency", "poll_action",
	"halt_poll_window_ns", "halt_poll_step", "should_yield", "dy_on_spin",
	"dy_spin_loop", "ple_step", "asym_group_pull", "asym_skip_rq",
	"asym_active_balance",
};

unsigned int pvsim_hooks_set(const struct pvsim_hooks *h,
			     bool set[PVSIM_NHOOKS])
{
	const bool s[PVSIM_NHOOKS] = {
		h->is_preempted != NULL,	h->pick_cpu != NULL,
		h->idle_state_latency != NULL,	h->poll_action != NULL,
		h->halt_poll_window_ns != NULL, h->halt_poll_step != NULL,
		h->should_yield != NULL,	h->dy_on_spin != NULL,
		h->dy_spin_loop != NULL,	h->ple_step != NULL,
		h->asym_group_pull != NULL,	h->asym_skip_rq != NULL,
		h->asym_active_balance != NULL,
	};
	unsigned int i, n = 0;

	for (i = 0; i < PVSIM_NHOOKS; i++) {
		set[i] = s[i];
		n += s[i];
	}
	return n;
}

/* A name that fits the tables' columns and the JSON unescaped. */
static bool name_ok(const char *n)
{
	size_t i, len = n ? strlen(n) : 0;

	if (!len || len > 24)
		return false;
	for (i = 0; i < len; i++)
		if (!((n[i] >= 'a' && n[i] <= 'z') ||
		      (n[i] >= 'A' && n[i] <= 'Z') ||
		      (n[i] >= '0' && n[i] <= '9') || n[i] == '-' ||
		      n[i] == '_'))
			return false;
	return true;
}

/*
 * Bytes of struct pvsim_plugin a plug-in of ABI @p abi defines: the hooks
 * of its version, appended to since (0: not loadable).
 */
static size_t plugin_size(uint32_t abi)
{
	switch (abi) {
	case 1:
		return offsetof(struct pvsim_plugin, hooks) +
		       offsetof(struct pvsim_hooks, idle_state_latency);
	case 2:
		return offsetof(struct pvsim_plugin, hooks) +
		       offsetof(struct pvsim_hooks, asym_group_pull);
	case PVSIM_PLUGIN_ABI:
		return sizeof(struct pvsim_plugin);
	default:
		return 0;
	}
}

/* What pvsim_plugin_load() hands out: the dlopen() handle, and the
 * plug-in's description in today's layout (older ABIs padded with NULL
 * hooks). */
struct plugin_handle {
	void *dl;
	struct pvsim_plugin pl;
};

int pvsim_plugin_load(const char *path, const struct pvsim_plugin **out,
		      void **handle, FILE *err)
{
	const struct pvsim_plugin *pl;
	struct plugin_handle *ph;
	bool set[PVSIM_NHOOKS];
	void *h = dlopen(path, RTLD_NOW | RTLD_LOCAL);

	*out = NULL;
	*handle = NULL;
	if (!h) {
		fprintf(err, PVSIM_PROG ": cannot load --plugin '%s': %s\n",
			path, dlerror());
		/* dlopen() looks a name without '/' up on the library path */
		if (!strchr(path, '/'))
			fprintf(err, PVSIM_PROG ": a name without '/' is looked "
				"up on the library path, not in the current "
				"directory: %s --plugin ./%s\n",
				access(path, F_OK) ? "give its path, e.g."
						   : "it is here: give",
				path);
		return -1;
	}
	pl = (const struct pvsim_plugin *)dlsym(h, PVSIM_PLUGIN_SYMBOL);
	ph = pl && plugin_size(pl->abi) ? calloc(1, sizeof(*ph)) : NULL;
	if (ph)	/* no more than the plug-in's version defines */
		memcpy(&ph->pl, pl, plugin_size(pl->abi));
	if (!pl) {
		fprintf(err, PVSIM_PROG ": --plugin '%s' defines no '%s' "
			"(struct pvsim_plugin, <pvsched/sim.h>)\n", path,
			PVSIM_PLUGIN_SYMBOL);
	} else if (!plugin_size(pl->abi)) {
		fprintf(err, PVSIM_PROG ": --plugin '%s' was built for plug-in "
			"ABI %u; this simulator loads ABI %u to %u: rebuild "
			"it against this simulator's <pvsched/sim.h>\n", path,
			pl->abi, PVSIM_PLUGIN_ABI_OLDEST, PVSIM_PLUGIN_ABI);
	} else if (!ph) {
		fprintf(err, PVSIM_PROG ": --plugin '%s': out of memory\n",
			path);
	} else if (!name_ok(ph->pl.hooks.name)) {
		fprintf(err, PVSIM_PROG ": --plugin '%s': bad policy name "
			"(1..24 of a-z A-Z 0-9 - _)\n", path);
	} else if (!pvsim_hooks_set(&ph->pl.hooks, set)) {
		fprintf(err, PVSIM_PROG ": --plugin '%s' (%s) sets no hook\n",
			path, ph->pl.hooks.name);
	} else {
		ph->dl = h;
		*out = &ph->pl;
		*handle = ph;
		return 0;
	}
	free(ph);
	dlclose(h);
	return -1;
}

void pvsim_plugin_unload(void *handle)
{
	struct plugin_handle *ph = handle;

	if (ph) {
		dlclose(ph->dl);
		free(ph);
	}
}
