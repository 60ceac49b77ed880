# Kumiki's front door. `make help` lists the targets.
#   make run [APP=kumiki-tui|kumiki|kumiki-api] [ARGS="..."]
#   make run FEATURE=Archive [SCENARIO=offline] [APP=kumiki]   one feature alone, in a scenario (the playground)
#   make test [MODULE=Core]        one module's suite builds and runs alone
#   make bench                     release-build benchmarks (see Benchmarks/README.md)

SHELL := /bin/bash
APP ?= kumiki-tui
# What APP=all builds: the executables in Apps/ (test suites and their support build with `make test`).
APPS := kumiki kumiki-tui kumiki-api kumiki-playground kumiki-bench
ARGS ?=
MODULE ?=
CONFIG ?= debug
# make feature: the new feature's name (UpperCamelCase), its kind (screen: a list read from the API; form: a form that
# POSTs to its own collection), whether it gets a screen (a tab), and the API list it reads: by default its own
# collection (its key, in its fixtures.json), or another feature's list.
NAME ?=
KIND ?= screen
TAB ?= yes
ENDPOINT ?=
SWIFT ?= swift
# Command-line variables reach every recipe's environment expanded, so NAME='$(shell …)' would run before any
# check: make feature reads these four unexpanded ($(value …), below) and they are exported nowhere else.
unexport NAME KIND TAB ENDPOINT
# Undeclared imports of sibling targets are errors, not accidents that happen to link.
SWIFT_BUILD_FLAGS := --explicit-target-dependency-import-check error
# Release builds of the apps link the Swift runtime and Foundation statically: no symbol lookups across a dozen
# shared libraries at start-up (Benchmarks/README.md, "Apps"). Debug builds and test runs stay dynamic.
APP_BUILD_FLAGS := $(SWIFT_BUILD_FLAGS) $(if $(filter release,$(CONFIG)),--static-swift-stdlib,)
# kumiki, kumiki-tui (and the session benchmarks) run kumiki-api, found beside them, as their embedded fixture API:
# building any of them builds it too.
PRODUCTS = $(if $(filter all,$(APP)),$(APPS),$(APP) $(if $(filter kumiki kumiki-tui kumiki-bench kumiki-playground,$(APP)),kumiki-api,))
SOURCES := Package.swift Modules Apps Tests Plugins
# Package.swift discovers the feature folders (Modules/Features/*/feature.json). SwiftPM caches a manifest's result by
# its text and the environment, not by the folders it reads, so a digest of what discovery reads is exported: adding,
# changing or removing a feature folder changes it and the package is read again. (Plain `swift build` after adding a
# folder: pass `--manifest-cache none` once.)
export KUMIKI_FEATURE_FOLDERS := $(shell { ls -d Modules/Features/*/feature.json Modules/Features/*/fixtures.json \
  Modules/Features/*/README.md Modules/Features/*/scenarios Tests/*FeatureTests Tests/*FeatureTests/Integration \
  Tests/*FeatureTests/__Frames__; \
  cat Modules/Features/*/feature.json; } 2>/dev/null | cksum | cut -d' ' -f1)
MODULE_ENV := $(if $(MODULE),KUMIKI_MODULES=$(MODULE),)
# Suites share process-wide resources (one terminal session per process, timing-sensitive fan-out checks), so
# the whole-package run is serial; a single module's run keeps Swift Testing's parallelism.
TEST_FLAGS ?= $(if $(MODULE),,--no-parallel)

# --- Playground: make run FEATURE=X [SCENARIO=…], make scenarios FEATURE=X -------------------------------------------
# FEATURE and SCENARIO reach the recipes through the environment, unexpanded, and are checked there (as make feature's
# NAME). The apps are built with that feature alone (KUMIKI_FEATURES: Package.swift keeps only its folder) in a build
# folder of their own, so the main build's apps keep every feature; kumiki-playground then runs the app on kumiki-api
# under the scenario (Apps/kumiki-playground). The selection is the same whatever APP is, so SwiftPM reads the
# package once per feature and builds both apps with it.
FEATURE ?=
SCENARIO ?= fresh
unexport FEATURE SCENARIO
PLAYGROUND_SCRATCH := .build/playground
PLAYGROUND_BUILD = KUMIKI_FEATURES="$$KUMIKI_PLAYGROUND_FEATURE" KUMIKI_NO_BENCH=1 \
  KUMIKI_MODULES=kumiki-playground,kumiki-api,kumiki,kumiki-tui \
  $(SWIFT) build -c $(CONFIG) $(APP_BUILD_FLAGS) --scratch-path $(PLAYGROUND_SCRATCH)
PLAYGROUND_CHECK = [[ "$$KUMIKI_PLAYGROUND_FEATURE" =~ ^[A-Z][A-Za-z0-9]{0,29}$$ ]] || { \
  echo "make: FEATURE must name a folder of Modules/Features (UpperCamelCase), e.g. FEATURE=Archive" >&2; exit 64; }

.DEFAULT_GOAL := help
.PHONY: help bootstrap build run scenarios test tsan bench lint format check-deps feature check-scaffold \
  check-session-tools ci clean

help: ## List the targets
	@awk 'BEGIN {FS = ":.*## "} /^[a-z-]+:.*## / {printf "  make %-14s %s\n", $$1, $$2}' $(MAKEFILE_LIST)
	@echo "  Variables: APP=$(APP) MODULE=<module, e.g. Core> ARGS=\"...\" CONFIG=debug|release"
	@echo "             NAME=<Feature> KIND=screen|form TAB=yes|no ENDPOINT=<another feature's API list> (make feature;"
	@echo "               KIND=form: a form that POSTs, with validation, a send, a CLI command)"
	@echo "             FEATURE=<Feature> SCENARIO=fresh|offline|cold-offline|slow|failing|empty|<its own>"
	@echo "               (make run: that feature alone in APP=kumiki-tui|kumiki; make scenarios: list them)"

bootstrap: ## Install the system packages Kumiki needs (libcurl, SQLite; tmux, zsh, fish, chromium for the tests)
	@Scripts/bootstrap

build: bootstrap ## Build one app (APP=...), or every app with APP=all
	@for app in $(PRODUCTS); do \
	  $(SWIFT) build -c $(CONFIG) $(APP_BUILD_FLAGS) --product $$app || exit 1; done

run: export KUMIKI_PLAYGROUND_FEATURE := $(value FEATURE)
run: export KUMIKI_PLAYGROUND_SCENARIO := $(value SCENARIO)
run: bootstrap ## Run an app (APP=..., ARGS="..."); FEATURE=X [SCENARIO=...]: that feature alone in a scenario
ifeq ($(value FEATURE),)
	@for app in $(PRODUCTS); do \
	  $(SWIFT) build -c $(CONFIG) $(APP_BUILD_FLAGS) --product $$app || exit 1; done
	@exec "$$($(SWIFT) build -c $(CONFIG) $(APP_BUILD_FLAGS) --show-bin-path)/$(APP)" $(ARGS)
else
	@$(PLAYGROUND_CHECK)
	@$(PLAYGROUND_BUILD)
	@exec "$$($(PLAYGROUND_BUILD) --show-bin-path)/kumiki-playground" run --feature "$$KUMIKI_PLAYGROUND_FEATURE" \
	  --scenario "$$KUMIKI_PLAYGROUND_SCENARIO" --app $(APP) -- $(ARGS)
endif

scenarios: export KUMIKI_PLAYGROUND_FEATURE := $(value FEATURE)
scenarios: bootstrap ## List a feature's scenarios, standard and its own: FEATURE=Archive (make run FEATURE=… SCENARIO=…)
	@$(PLAYGROUND_CHECK)
	@$(PLAYGROUND_BUILD) --product kumiki-playground
	@exec "$$($(PLAYGROUND_BUILD) --show-bin-path)/kumiki-playground" list --feature "$$KUMIKI_PLAYGROUND_FEATURE"

test: bootstrap ## Run every suite, or one module's (MODULE=Core), or those a change affects (AFFECTED=REV|auto); FORCE=1: no cache
	$(MODULE_ENV) KUMIKI_NO_BENCH=1 $(AFFECTED_RUN)Scripts/run-tests "--swift=$(SWIFT)" $(if $(FORCE),--force) $(SWIFT_BUILD_FLAGS) --test-flags $(TEST_FLAGS)

tsan: bootstrap ## ThreadSanitizer over Core's suite (the dispatch lock becomes a pthread mutex it can see)
	KUMIKI_MODULES=Core $(SWIFT) test --sanitize=thread -Xswiftc -DKUMIKI_TSAN --scratch-path .build/tsan

bench: bootstrap ## Release-build benchmarks with figures against the reference baselines
	@Scripts/bench

lint: ## Check formatting (swift format, .swift-format)
	$(SWIFT) format lint --strict --parallel --recursive $(SOURCES)

format: ## Rewrite sources in place with swift format
	$(SWIFT) format format --in-place --parallel --recursive $(SOURCES)

check-deps: ## Enforce the module rules in ARCHITECTURE.md
	@Scripts/check-deps

# NAME, KIND, TAB and ENDPOINT reach the script through the environment, as written ($(value): make expands nothing
# in them) and never as part of the shell command, so no quote, backtick or $(...) in them is run; the script
# refuses whatever is not a name (exit 64).
feature: export KUMIKI_FEATURE_NAME := $(value NAME)
feature: export KUMIKI_FEATURE_KIND := $(value KIND)
feature: export KUMIKI_FEATURE_TAB := $(value TAB)
feature: export KUMIKI_FEATURE_ENDPOINT := $(value ENDPOINT)
feature: ## Scaffold a feature's two folders, nothing else: NAME=Recipes [KIND=screen|form] [TAB=yes|no]
	@Scripts/new-feature --kind "$$KUMIKI_FEATURE_KIND" --tab "$$KUMIKI_FEATURE_TAB" \
	  --endpoint "$$KUMIKI_FEATURE_ENDPOINT" -- "$$KUMIKI_FEATURE_NAME"

check-scaffold: ## Prove make feature in a copy: a screen, a command-only feature and a form (KIND=form) on three branches merge, build, test, run; one deleted (ARGS=--head)
	@Scripts/check-scaffold $(ARGS)

check-session-tools: bootstrap ## Record in tmux, replay, emit tests and run them in a copy of the checkout (ARGS=--fresh)
	@Scripts/check-session-tools $(ARGS)

ci: bootstrap lint check-deps test tsan ## What CI runs

clean: ## Remove build products
	rm -rf .build

# --- Affected tests and the module graph (issue 27) ---------------------------------------------------------------
# make test AFFECTED=REV runs only the suites whose dependency closure holds a file changed since REV (committed or
# not, untracked included); AFFECTED=auto (or AFFECTED= , empty) compares with the merge-base of HEAD and main.
# Scripts/affected prints why each suite was picked, then runs `swift test` with KUMIKI_MODULES=<those suites>.
# make graph draws docs/modules.svg from the package map; FEATURE=X draws X's closure into .build/graph/.
# AFFECTED and FEATURE reach the scripts unexpanded, through the environment, like NAME for make feature.
# Only on the command line: an AFFECTED left in the environment does not narrow `make test` (or `make ci`). Whether
# it was given is read before `unexport`, which defines it.
AFFECTED_GIVEN := $(filter command line,$(origin AFFECTED))
AFFECTED_RUN = $(if $(AFFECTED_GIVEN),Scripts/affected --base="$$KUMIKI_AFFECTED" --run ,)
unexport AFFECTED
ifneq ($(AFFECTED_GIVEN),)
ifneq ($(MODULE),)
$(error make test: AFFECTED picks the suites itself; give AFFECTED or MODULE, not both)
endif
endif
.PHONY: graph check-graph check-affected

test: export KUMIKI_AFFECTED := $(value AFFECTED)
graph: export KUMIKI_GRAPH_FEATURE := $(value FEATURE)
graph: bootstrap ## Draw the module graph into docs/modules.svg; FEATURE=Archive: its closure, in .build/graph/
	@Scripts/graph --feature="$$KUMIKI_GRAPH_FEATURE"

check-graph: bootstrap ## docs/modules.svg is what the package map draws; its nodes and edges are describe's (in lint)
	@Scripts/check-graph

check-affected: ## make test AFFECTED=... on scripted changes in a throwaway copy (describe only, no build)
	@Scripts/check-affected

# The picture cannot drift: make lint (CI's first check) redraws it; make ci also checks the affected selection.
lint: check-graph
ci: check-affected
# check-graph, check-deps and check-affected each read the package map: in make ci, `swift package describe` runs once
# and the others reuse it while no file it reads changed (Scripts/check-deps, KUMIKI_DESCRIBE_CACHE).
ci: export KUMIKI_DESCRIBE_CACHE := $(CURDIR)/.build/describe-cache.json
