# Kumiki's front door. `make help` lists the targets.
#   make run [APP=kumiki-tui|kumiki|kumiki-api] [ARGS="..."]
#   make run FEATURE=Archive [SCENARIO=offline] [APP=kumiki]   one feature alone, in a scenario (the playground)
#   make test [MODULE=Core]        one module's suite builds and runs alone
#   make bench                     release-build benchmarks, the only build that has them (Benchmarks/README.md)

SHELL := /bin/bash
APP ?= kumiki-tui
# What APP=all builds: the executables in Apps/ (test suites and their support build with `make test`).
APPS := kumiki kumiki-tui kumiki-api kumiki-playground
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
FEATURE ?=
SCENARIO ?= fresh
AFFECTED ?=
# Every variable above (and TEST_FLAGS, below) reaches the recipes as data. A command-line variable reaches every
# recipe's environment expanded, and a reference such as $(APP) is expanded too, so APP='$(shell …)' would run
# before any check: each is read once, unexpanded ($(value …)), into KUMIKI_MAKE_<VARIABLE>, exported as written, and
# exported nowhere else; make itself only compares these values ($(filter …)). The recipes use them only quoted
# ("$$KUMIKI_MAKE_APP"), or, for ARGS and TEST_FLAGS, split into plain words with globbing off. Each recipe first
# checks the ones it reads against their allow-lists (Scripts/make-variables; make feature's NAME, KIND, TAB and
# ENDPOINT: Scripts/new-feature): a bad value is one line and exit 64 (make says "Error 64"), before anything is
# built. Scripts/check-make-variables (in make lint) gives each variable shell and make code. Other variables on
# make's command line (SHELL, the Makefile's own) are make code, as in any Makefile: give untrusted text only
# through the variables `make help` lists. Whether AFFECTED and TEST_FLAGS were given is read before `unexport`,
# which defines them (an AFFECTED left in the environment does not narrow `make test`, below).
AFFECTED_GIVEN := $(filter command line,$(origin AFFECTED))
TEST_FLAGS_GIVEN := $(filter-out undefined,$(origin TEST_FLAGS))
unexport APP ARGS MODULE CONFIG NAME KIND TAB ENDPOINT SWIFT FEATURE SCENARIO AFFECTED TEST_FLAGS FORCE
# Only `make bench` builds the benchmarks (Benchmarks/bench sets KUMIKI_BENCH=1); one left in the environment does
# not add them to any other recipe's build.
unexport KUMIKI_BENCH
export KUMIKI_MAKE_APP := $(value APP)
export KUMIKI_MAKE_ARGS := $(value ARGS)
export KUMIKI_MAKE_MODULE := $(value MODULE)
export KUMIKI_MAKE_CONFIG := $(value CONFIG)
export KUMIKI_MAKE_NAME := $(value NAME)
export KUMIKI_MAKE_KIND := $(value KIND)
export KUMIKI_MAKE_TAB := $(value TAB)
export KUMIKI_MAKE_ENDPOINT := $(value ENDPOINT)
export KUMIKI_MAKE_SWIFT := $(value SWIFT)
export KUMIKI_MAKE_FEATURE := $(value FEATURE)
export KUMIKI_MAKE_SCENARIO := $(value SCENARIO)
export KUMIKI_MAKE_AFFECTED := $(value AFFECTED)
# Suites share process-wide resources (one terminal session per process, timing-sensitive fan-out checks), so
# the whole-package run is serial; a single module's run keeps Swift Testing's parallelism.
export KUMIKI_MAKE_TEST_FLAGS := $(if $(TEST_FLAGS_GIVEN),$(value TEST_FLAGS),$(if $(value MODULE),,--no-parallel))
# $(call CHECK,APP CONFIG): a recipe's first line, checking the variables it reads.
CHECK = Scripts/make-variables --apps "$(APPS)" $(1)
SWIFT_COMMAND := "$$KUMIKI_MAKE_SWIFT"
# ARGS and TEST_FLAGS as a bash array of plain words (checked: no quote, $, ` or ;), no word globbed.
WORDS = set -f; $(1)=($$KUMIKI_MAKE_$(2))
# Undeclared imports of sibling targets are errors, not accidents that happen to link.
SWIFT_BUILD_FLAGS := --explicit-target-dependency-import-check error
# Release builds of the apps link the Swift runtime and Foundation statically: no symbol lookups across a dozen
# shared libraries at start-up (Benchmarks/README.md, "Apps"). Debug builds and test runs stay dynamic.
APP_BUILD_FLAGS := -c "$$KUMIKI_MAKE_CONFIG" $(SWIFT_BUILD_FLAGS) \
  $(if $(filter release,$(value CONFIG)),--static-swift-stdlib,)
# Release builds put the apps' own libcurl beside them (Scripts/libcurl: the system's curl source, HTTP and HTTPS
# only, one library), which they open before the system's: libcurl's load ~5 → ~1 ms (Modules/Networking/README.md,
# "The apps' libcurl"). When it cannot be built (say, no network for a new curl version) the script says why and the
# build goes on: the apps then open the system's libcurl. Debug builds and test runs open the system's libcurl.
OWN_LIBCURL = $(if $(filter release,$(value CONFIG)),Scripts/libcurl "$$($(SWIFT_COMMAND) build $(APP_BUILD_FLAGS) \
  --show-bin-path)" || true,true)
# kumiki, kumiki-tui (and the benchmarks' sessions) run kumiki-api, found beside them, as their embedded fixture API:
# building any of them builds it too. (A shell command: it sets `products`.)
PRODUCTS = case "$$KUMIKI_MAKE_APP" in all) products="$(APPS)";; kumiki|kumiki-tui|kumiki-playground) \
  products="$$KUMIKI_MAKE_APP kumiki-api";; *) products="$$KUMIKI_MAKE_APP";; esac
SOURCES := Package.swift Modules Apps Tests Plugins Benchmarks
# Package.swift discovers the feature folders (Modules/Features/*/feature.json). SwiftPM caches a manifest's result by
# its text and the environment, not by the folders it reads, so a digest of what discovery reads is exported: adding,
# changing or removing a feature folder changes it and the package is read again. A plain `swift build` cannot know
# (even with --manifest-cache none, it does not read the manifest again): after a folder is added it fails saying to
# run make build (the feature list's guard, Plugins/FeatureList; Scripts/check-feature-list, in lint); after one is
# removed SwiftPM itself fails ("invalid custom path 'Modules/Features/X'"). Either way, make build reads it again.
export KUMIKI_FEATURE_FOLDERS := $(shell { ls -d Modules/Features/*/feature.json Modules/Features/*/fixtures.json \
  Modules/Features/*/fixtures.contract.json Modules/Features/*/README.md Modules/Features/*/scenarios Tests/*FeatureTests Tests/*FeatureTests/Integration \
  Tests/*FeatureTests/__Frames__; \
  cat Modules/Features/*/feature.json; } 2>/dev/null | cksum | cut -d' ' -f1)
MODULE_ENV := $(if $(value MODULE),KUMIKI_MODULES="$$KUMIKI_MAKE_MODULE",)

# --- Playground: make run FEATURE=X [SCENARIO=…], make scenarios FEATURE=X -------------------------------------------
# FEATURE and SCENARIO reach the recipes through the environment, unexpanded, and are checked there (above). The
# apps are built with that feature alone (KUMIKI_FEATURES: Package.swift keeps only its folder) in a build folder of
# their own, so the main build's apps keep every feature; kumiki-playground then runs the app on kumiki-api
# under the scenario (Apps/kumiki-playground). The selection is the same whatever APP is, so SwiftPM reads the
# package once per feature and builds both apps with it.
PLAYGROUND_SCRATCH := .build/playground
PLAYGROUND_BUILD = KUMIKI_FEATURES="$$KUMIKI_MAKE_FEATURE" \
  KUMIKI_MODULES=kumiki-playground,kumiki-api,kumiki,kumiki-tui \
  $(SWIFT_COMMAND) build $(APP_BUILD_FLAGS) --scratch-path $(PLAYGROUND_SCRATCH)

.DEFAULT_GOAL := help
.PHONY: help bootstrap build run scenarios test tsan bench lint format check-deps check-make-variables feature \
  check-scaffold check-session-tools check-feature-removal ci clean check-codeowners

help: ## List the targets
	@awk 'BEGIN {FS = ":.*## "} /^[a-z-]+:.*## / {printf "  make %-14s %s\n", $$1, $$2}' $(MAKEFILE_LIST)
	@echo "  Variables: APP=<app, default kumiki-tui> MODULE=<module, e.g. Core> ARGS=\"plain words\" CONFIG=debug|release"
	@echo "             NAME=<Feature> KIND=screen|form TAB=yes|no ENDPOINT=<another feature's API list> (make feature;"
	@echo "               KIND=form: a form that POSTs, with validation, a send, a CLI command)"
	@echo "             FEATURE=<Feature> SCENARIO=fresh|offline|cold-offline|slow|failing|empty|<its own>"
	@echo "               (make run: that feature alone in APP=kumiki-tui|kumiki; make scenarios: list them)"
	@echo "             AFFECTED=REV|auto TEST_FLAGS=\"plain words\" (make test) SWIFT=<the swift program>"

bootstrap: ## Install the system packages Kumiki needs (libcurl, SQLite; tmux, zsh, fish, chromium for the tests)
	@Scripts/bootstrap

build: bootstrap ## Build one app (APP=...), or every app with APP=all
	@$(call CHECK,APP CONFIG SWIFT)
	@$(PRODUCTS); for app in $$products; do \
	  $(SWIFT_COMMAND) build $(APP_BUILD_FLAGS) --product "$$app" || exit 1; done
	@$(OWN_LIBCURL)

run: bootstrap ## Run an app (APP=..., ARGS="..."); FEATURE=X [SCENARIO=...]: that feature alone in a scenario
ifeq ($(value FEATURE),)
	@$(call CHECK,APP CONFIG SWIFT ARGS)
	@$(PRODUCTS); for app in $$products; do \
	  $(SWIFT_COMMAND) build $(APP_BUILD_FLAGS) --product "$$app" || exit 1; done
	@$(OWN_LIBCURL)
	@$(call WORDS,args,ARGS); exec "$$($(SWIFT_COMMAND) build $(APP_BUILD_FLAGS) --show-bin-path)/$$KUMIKI_MAKE_APP" \
	  "$${args[@]}"
else
	@$(call CHECK,FEATURE SCENARIO APP CONFIG SWIFT ARGS)
	@$(PLAYGROUND_BUILD)
	@$(call WORDS,args,ARGS); exec "$$($(PLAYGROUND_BUILD) --show-bin-path)/kumiki-playground" run \
	  --feature "$$KUMIKI_MAKE_FEATURE" --scenario "$$KUMIKI_MAKE_SCENARIO" --app "$$KUMIKI_MAKE_APP" -- "$${args[@]}"
endif

scenarios: bootstrap ## List a feature's scenarios, standard and its own: FEATURE=Archive (make run FEATURE=… SCENARIO=…)
	@$(call CHECK,FEATURE CONFIG SWIFT)
	@[ -n "$$KUMIKI_MAKE_FEATURE" ] || { echo "make: give FEATURE=<a folder of Modules/Features>" >&2; exit 64; }
	@$(PLAYGROUND_BUILD) --product kumiki-playground
	@exec "$$($(PLAYGROUND_BUILD) --show-bin-path)/kumiki-playground" list --feature "$$KUMIKI_MAKE_FEATURE"

test: bootstrap ## Run every suite, or one module's (MODULE=Core), or those a change affects (AFFECTED=REV|auto); FORCE=1: no cache
	@$(call CHECK,MODULE SWIFT TEST_FLAGS $(if $(AFFECTED_GIVEN),AFFECTED))
	$(call WORDS,flags,TEST_FLAGS); $(MODULE_ENV) $(AFFECTED_RUN)Scripts/run-tests \
	  --swift="$$KUMIKI_MAKE_SWIFT" $(if $(value FORCE),--force) $(SWIFT_BUILD_FLAGS) --test-flags "$${flags[@]}"

tsan: bootstrap ## ThreadSanitizer over Core's suite (the dispatch lock becomes a pthread mutex it can see)
	@$(call CHECK,SWIFT)
	KUMIKI_MODULES=Core $(SWIFT_COMMAND) test --sanitize=thread -Xswiftc -DKUMIKI_TSAN --scratch-path .build/tsan

# The benchmarks (Benchmarks/: kumiki-bench and its scripts) are in the package only with KUMIKI_BENCH=1, which
# Benchmarks/bench sets itself: no other recipe gets it (unexported above), so no other build or test compiles them.
bench: bootstrap ## Release-build benchmarks beside their baselines; ARGS="--quick section…": small runs, some sections
	@$(call CHECK,ARGS)
	@$(call WORDS,args,ARGS); Benchmarks/bench "$${args[@]}"

lint: ## Check formatting (swift format, .swift-format)
	@$(call CHECK,SWIFT)
	$(SWIFT_COMMAND) format lint --strict --parallel --recursive $(SOURCES)

format: ## Rewrite sources in place with swift format
	@$(call CHECK,SWIFT)
	$(SWIFT_COMMAND) format format --in-place --parallel --recursive $(SOURCES)

check-deps: ## Enforce the module rules in ARCHITECTURE.md
	@Scripts/check-deps

check-make-variables: ## Every variable given shell or make code is refused (64) and runs nothing (in lint; builds nothing)
	@Scripts/check-make-variables

# NAME, KIND, TAB and ENDPOINT reach the script as arguments, as written (above); the script refuses whatever is not
# a name (exit 64). It runs SWIFT's swift format on what it writes.
feature: ## Scaffold a feature's two folders, nothing else: NAME=Recipes [KIND=screen|form] [TAB=yes|no]
	@$(call CHECK,SWIFT)
	@SWIFT="$$KUMIKI_MAKE_SWIFT" Scripts/new-feature --kind "$$KUMIKI_MAKE_KIND" --tab "$$KUMIKI_MAKE_TAB" \
	  --endpoint "$$KUMIKI_MAKE_ENDPOINT" -- "$$KUMIKI_MAKE_NAME"

check-scaffold: ## Prove make feature in a copy: a screen, a command-only feature and a form (KIND=form) on three branches merge, build, test, run; one deleted (ARGS=--head)
	@$(call CHECK,ARGS)
	@$(call WORDS,args,ARGS); Scripts/check-scaffold "$${args[@]}"

check-session-tools: bootstrap ## Record in tmux, replay, emit tests and run them in a copy of the checkout (ARGS=--fresh)
	@$(call CHECK,ARGS)
	@$(call WORDS,args,ARGS); Scripts/check-session-tools "$${args[@]}"

check-feature-removal: bootstrap ## Delete each feature in turn in a copy: lint, check-deps, build, the others' suites (ARGS=--feature X)
	@$(call CHECK,ARGS)
	@$(call WORDS,args,ARGS); Scripts/check-feature-removal "$${args[@]}"

ci: bootstrap lint check-deps test tsan check-feature-removal ## What CI runs

clean: ## Remove build products
	rm -rf .build

# --- Affected tests and the module graph (issue 27) ---------------------------------------------------------------
# make test AFFECTED=REV runs only the suites whose dependency closure holds a file changed since REV (committed or
# not, untracked included); AFFECTED=auto (or AFFECTED= , empty) compares with the merge-base of HEAD and main.
# Scripts/affected prints why each suite was picked, then runs `swift test` with KUMIKI_MODULES=<those suites>.
# make graph draws docs/modules.svg from the package map; FEATURE=X draws X's closure into .build/graph/.
# AFFECTED and FEATURE reach the scripts unexpanded, through the environment, as every variable (above).
# Only on the command line: an AFFECTED left in the environment does not narrow `make test` (or `make ci`).
AFFECTED_RUN = $(if $(AFFECTED_GIVEN),Scripts/affected --base="$$KUMIKI_MAKE_AFFECTED" --run ,)
ifneq ($(AFFECTED_GIVEN),)
ifneq ($(value MODULE),)
$(error make test: AFFECTED picks the suites itself; give AFFECTED or MODULE, not both)
endif
endif
.PHONY: graph check-graph check-affected check-feature-list check-snippets check-doc-names check-kit-names

graph: bootstrap ## Draw the module graph into docs/modules.svg; FEATURE=Archive: its closure, in .build/graph/
	@$(call CHECK,FEATURE)
	@Scripts/graph --feature="$$KUMIKI_MAKE_FEATURE"

check-graph: bootstrap ## docs/modules.svg is what the package map draws; its nodes and edges are describe's (in lint)
	@Scripts/check-graph

check-affected: ## make test AFFECTED=... on scripted changes in a throwaway copy (describe only, no build)
	@Scripts/check-affected

check-codeowners: ## .github/CODEOWNERS is what feature.json and Modules/owners.json give; the boundary rules' fixtures (in lint; no build)
	@Scripts/codeowners

check-feature-list: ## A stale feature list (a folder added, no make) fails to build, saying to run make (in lint; no build)
	@Scripts/check-feature-list

check-kit-names: ## What make feature writes uses only the kit names FeatureKit's README lists, within budget (in lint; no build)
	@Scripts/check-kit-names

check-doc-names: ## Every suite, script and make target the docs name exists; each invariant names its check (in lint; no build)
	@Scripts/check-snippets --names-only

check-snippets: ## Every ```swift block of the Markdown files compiles; every check the docs name exists (a build; in ci)
	@$(call CHECK,SWIFT)
	@SWIFT="$$KUMIKI_MAKE_SWIFT" Scripts/check-snippets

# The picture cannot drift: make lint (CI's first check) redraws it; make ci also checks the affected selection.
# make lint also gives every make variable shell and make code (Scripts/check-make-variables: seconds, no build), and
# checks that every suite, script and make target the Markdown files name exists (check-snippets' half without a build).
# make ci compiles the docs' Swift snippets after the tests, on their warm build (Scripts/check-snippets).
lint: check-graph check-make-variables check-feature-list check-doc-names check-kit-names check-codeowners
ci: check-affected check-snippets
# check-graph, check-deps and check-affected each read the package map: in make ci, `swift package describe` runs once
# and the others reuse it while no file it reads changed (Scripts/check-deps, KUMIKI_DESCRIBE_CACHE).
ci: export KUMIKI_DESCRIBE_CACHE := $(CURDIR)/.build/describe-cache.json
