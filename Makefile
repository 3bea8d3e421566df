# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# Thin wrapper around CMake. The two commands that matter:
#   make demo    install what is missing, build, run the main job
#   make check   install what is missing, build, run every test
# Both work on a fresh Debian machine (as root they install the packages;
# otherwise they print the apt-get line to run and stop).

BUILD     ?= build
CMAKE     ?= cmake
JOBS      ?= $(shell nproc 2>/dev/null || echo 2)
CMAKE_FLAGS ?=
# make install [PREFIX=/opt/pvsched] [DESTDIR=/tmp/stage]: PREFIX (or
# GNU's prefix) is where the files will live, by default the configured
# CMAKE_INSTALL_PREFIX (/usr/local); DESTDIR a staging root put before it.
PREFIX    ?= $(prefix)
DESTDIR   ?=

# Debian packages the build and the tests need (CI-only extras live in .ci/).
DEPS := cmake make gcc g++ pkg-config libcmocka-dev libcpuid-dev \
        libhwloc-dev doxygen libbpf-dev bpftool libck-dev

# No "make[3]: Entering directory" lines from the build below.
MAKEFLAGS += --no-print-directory

.PHONY: all deps configure build demo check docs install clean distclean

all: build

deps:
	@missing=""; \
	for p in $(DEPS); do \
	  dpkg-query -W -f='$${Status}\n' $$p 2>/dev/null | grep -q '^install ok installed' \
	    || missing="$$missing $$p"; \
	done; \
	if [ -z "$$missing" ]; then exit 0; fi; \
	if [ "$$(id -u)" -eq 0 ]; then \
	  echo "make deps: installing$$missing"; \
	  export DEBIAN_FRONTEND=noninteractive; \
	  apt-get update -qq || true; \
	  apt-get install -y -qq --no-install-recommends $$missing; \
	else \
	  echo "make deps: missing packages. Run as root:"; \
	  echo "  apt-get install -y$$missing"; \
	  exit 1; \
	fi

configure: deps
	$(CMAKE) -S . -B $(BUILD) $(CMAKE_FLAGS)

build: configure
	$(CMAKE) --build $(BUILD) -j $(JOBS)

# The demo prints its three sections only; the build goes to a log.
DEMO_LOG = $(BUILD)/demo-build.log
demo: deps
	@echo "== build: cmake into $(BUILD)/ (log: $(DEMO_LOG))"
	@mkdir -p $(BUILD)
	@{ $(CMAKE) -S . -B $(BUILD) $(CMAKE_FLAGS) && \
	   $(CMAKE) --build $(BUILD) -j $(JOBS); } >$(DEMO_LOG) 2>&1 || \
	  { tail -n 30 $(DEMO_LOG); echo "make demo: build failed, see $(DEMO_LOG)"; exit 1; }
	@echo
	@echo "== 1/3 pvsched probe: this machine as the heuristics see it, and what each decides here"
	@$(BUILD)/tools/pvsched probe
	@echo
	@echo "== 2/3 pvs_demo: each heuristic on documented inputs (the same everywhere, but for the measured spin_rt part)"
	@$(BUILD)/examples/pvs_demo
	@echo
	@echo "== 3/3 simulator: splpar-asym-pack (\"powerpc/smp: Shared processor sched optimizations\"), 3 iterations"
	@echo "   rows: baseline = the spread placement before the change; +patch = the library's rule,"
	@echo "   pvs_pack_pick_cpu(PVS_PACK_BALANCER) through the pick_cpu hook, where the kernel's"
	@echo "   asym-packing pull rules converge; balancer = that load balancer at work, each pull the"
	@echo "   library's pvs_asym_*() decision through the asym_* hooks. Published numbers beside each."
	@$(BUILD)/tools/pvsched sim run splpar-asym-pack --iterations 3

check: build
	cd $(BUILD) && ctest --output-on-failure -j $(JOBS)

docs: configure
	$(CMAKE) --build $(BUILD) --target docs

install: build
	DESTDIR="$(DESTDIR)" $(CMAKE) --install $(BUILD) $(if $(PREFIX),--prefix "$(PREFIX)")

clean:
	-$(CMAKE) --build $(BUILD) --target clean

distclean:
	rm -rf $(BUILD)
