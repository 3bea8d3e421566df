/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/**
 * @file sim/engine.h
 * @brief The simulator's engine: event queue, clock, PRNG, invariant
 *        bookkeeping, per-iteration seeds.
 *
 * Part of <pvsched/sim.h> (userspace C11, pvsched::sim). Time is integer
 * nanoseconds; a bounded binary heap orders events by (time, insertion
 * sequence) and a seeded xorshift64* PRNG draws, so the same seed gives
 * the same run.
 */
#ifndef PVSCHED_SIM_ENGINE_H
#define PVSCHED_SIM_ENGINE_H

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/** @brief One scheduled event. */
struct pvsim_event {
	/** @brief When it fires, ns of simulated time. */
	uint64_t t_ns;
	/** @brief Insertion order: breaks ties so that runs are reproducible. */
	uint64_t seq;
	/** @brief Model-defined event kind. */
	uint32_t kind;
	/** @brief Model-defined object index (a vCPU, a task, a core). */
	uint32_t obj;
	/** @brief Object epoch at scheduling time: a stale event is skipped. */
	uint32_t epoch;
};

/**
 * @brief Where and when an invariant was first violated in one model run:
 *        which invariant, the simulated time, and the event being handled
 *        (its model-defined kind and object: a vCPU, a VP, a task).
 */
struct pvsim_failure {
	/** @brief The violated invariant (static text), NULL when none. */
	const char *what;
	/** @brief Simulated time of the violation, ns. */
	uint64_t t_ns;
	/** @brief Kind of the event being handled (see pvsim_event::kind). */
	uint32_t kind;
	/** @brief Its object index (see pvsim_event::obj). */
	uint32_t obj;
	/** @brief Events popped before it (the violation's event number). */
	uint64_t event_nr;
	/** @brief The event kind's name (pvsim::kind_names), or NULL. */
	const char *kind_name;
	/** @brief What the object index counts ("VP", "vCPU"), or NULL. */
	const char *obj_name;
};

/** @brief The engine: clock, event queue, PRNG and invariant bookkeeping. */
struct pvsim {
	/** @brief Current simulated time, ns (never decreases). */
	uint64_t now_ns;
	/** @brief Binary min-heap of pending events (cap entries). */
	struct pvsim_event *heap;
	/** @brief Pending events. */
	uint32_t n;
	/** @brief Heap capacity: scheduling beyond it fails. */
	uint32_t cap;
	/** @brief Next insertion sequence number. */
	uint64_t seq;
	/** @brief Events popped so far. */
	uint64_t events;
	/** @brief xorshift64* state (never 0). */
	uint64_t rng;
	/** @brief Check the models' invariants after every event. */
	bool debug;
	/** @brief Invariant violations (and engine misuse) seen. */
	uint64_t failures;
	/** @brief Description of the first violation, or NULL. */
	const char *first_failure;
	/** @brief The first violation: what, when, during which event. */
	struct pvsim_failure fail;
	/** @brief The event being handled (the last one popped): its kind
	 *         and obj only. */
	struct pvsim_event cur;
	/** @brief Self-test of the checks: record a violation named
	 *         "injected violation" when event number inject_event is
	 *         popped (0 = never). */
	uint64_t inject_event;
	/** @brief Names of the model's event kinds, for violation reports
	 *         (NULL: numbers only). */
	const char *const *kind_names;
	/** @brief Entries in kind_names. */
	uint32_t nkinds;
	/** @brief What event objects are ("VP", "vCPU"), or NULL. */
	const char *obj_name;
};

/**
 * @brief Initialise an engine.
 * @param s    the engine
 * @param cap  most pending events (the heap is allocated once)
 * @param seed PRNG seed (mixed with splitmix64; any value is fine)
 * @return 0, or -1 when the allocation fails
 */
int pvsim_init(struct pvsim *s, uint32_t cap, uint64_t seed);

/**
 * @brief Free an engine's queue.
 * @param s the engine
 */
void pvsim_destroy(struct pvsim *s);

/**
 * @brief Schedule an event.
 * @param s     the engine
 * @param t_ns  firing time, not before now_ns
 * @param kind  model event kind
 * @param obj   model object index
 * @param epoch object epoch (see pvsim_event::epoch)
 * @return 0, or -1 (recorded as a failure) when the queue is full or
 *         @p t_ns is in the past
 */
int pvsim_at(struct pvsim *s, uint64_t t_ns, uint32_t kind, uint32_t obj,
	       uint32_t epoch);

/**
 * @brief Pop the earliest event and advance the clock to it.
 * @param s  the engine
 * @param ev where to store the event
 * @return true when an event was popped, false when the queue is empty
 */
bool pvsim_next(struct pvsim *s, struct pvsim_event *ev);

/** @brief A model's handler of one event (see pvsim_loop()). */
typedef void (*pvsim_dispatch_fn)(void *model,
				    const struct pvsim_event *ev);

/** @brief A model's invariant check, run after every event in debug mode. */
typedef void (*pvsim_check_fn)(void *model);

/**
 * @brief Run a model: pop events and hand them to @p dispatch until the
 *        queue is empty or an event of kind @p end_kind fires (not
 *        dispatched); when s->debug is set, call @p check after every
 *        dispatched event.
 * @param s        the engine
 * @param end_kind event kind that ends the run
 * @param dispatch the model's event handler
 * @param check    the model's invariant check (NULL: none)
 * @param model    handed to @p dispatch and @p check
 * @return s->failures after the run
 */
uint64_t pvsim_loop(struct pvsim *s, uint32_t end_kind,
		      pvsim_dispatch_fn dispatch, pvsim_check_fn check,
		      void *model);

/**
 * @brief Record an invariant violation.
 * @param s    the engine
 * @param what static description of the violated invariant
 */
void pvsim_fail(struct pvsim *s, const char *what);

/**
 * @brief Record an invariant violation about object @p obj (a VP, a vCPU)
 *        rather than the object of the event being handled.
 * @param s    the engine
 * @param what static description of the violated invariant
 * @param obj  the object index the violation is about
 */
void pvsim_fail_obj(struct pvsim *s, const char *what, uint32_t obj);

/**
 * @brief The next 64 pseudo-random bits (xorshift64*).
 * @param s the engine
 * @return the bits
 */
static inline uint64_t pvsim_rand(struct pvsim *s)
{
	s->rng ^= s->rng >> 12;
	s->rng ^= s->rng << 25;
	s->rng ^= s->rng >> 27;
	return s->rng * 0x2545f4914f6cdd1dull;
}

/**
 * @brief A pseudo-random value in lo .. hi inclusive (lo when hi <= lo).
 * @param s  the engine
 * @param lo smallest value
 * @param hi largest value
 * @return the value
 */
static inline uint64_t pvsim_rand_range(struct pvsim *s, uint64_t lo,
					  uint64_t hi)
{
	if (hi <= lo)
		return lo;
	return lo + (pvsim_rand(s) >> 1) % (hi - lo + 1);
}

/**
 * @brief Seed of iteration @p iter of a run whose base seed is @p seed
 *        (every policy of an iteration uses the same one).
 * @param seed base seed (`--seed`)
 * @param iter iteration, from 0
 * @return the iteration's seed
 */
uint64_t pvsim_iter_seed(uint64_t seed, uint32_t iter);

#ifdef __cplusplus
}
#endif

#endif /* PVSCHED_SIM_ENGINE_H */
