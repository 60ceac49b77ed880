"""Owners and boundaries, read from the folders that own the code (issue 37, item 3).

Each feature's `Modules/Features/X/feature.json` names its `owners` (GitHub teams or users, `@kumiki/magazine`) and
its `tags` (`team:magazine`, `layer:feature`), in the folder its team owns. The other modules are fewer and change
hands rarely: one file, `Modules/owners.json`, names each one's folder (`Modules/Core`, `Apps/kumiki`) with the same
two keys under `modules` (a file inside a target's folder would be a source SwiftPM asks about), the owners of
everything else (`default_owners`: scripts, plugins, the app-level suites) and the boundary rules (`rules`): a target
carrying a rule's `tag` may depend only on targets carrying one of `may_depend_on` (itself apart; external packages
and build plugins are not tagged). A feature without tags is `layer:feature`, and a feature without owners falls to
the default owners (so `make feature` writes neither and lint stays green); every folder of `Modules/` and `Apps/`
must be listed with owners and a `layer:` tag.

Used by Scripts/check-deps (the rules, on the package graph), Scripts/codeowners (the generated CODEOWNERS, checked
in make lint), Scripts/affected and Scripts/graph (whose code a change reaches). Pure Python, no build.
"""
import json
import os
import re

RULES_FILE = "Modules/owners.json"
CODEOWNERS = ".github/CODEOWNERS"
OWNER = re.compile(r"@[A-Za-z0-9][A-Za-z0-9-]{0,38}(/[A-Za-z0-9][A-Za-z0-9._-]{0,99})?")
TAG = re.compile(r"[a-z][a-z0-9-]{0,30}:[a-z0-9][a-z0-9-]{0,60}")
FEATURE_LAYER = "layer:feature"


class Manifest:
    """One folder's owners and tags: `folder` (`Modules/Features/Recipes`), `owners`, `tags`, `problems`."""

    def __init__(self, folder, file, owners, tags, problems):
        self.folder, self.file, self.owners, self.tags, self.problems = folder, file, owners, tags, problems


def _read(root, relative):
    """The JSON object in `relative`, or (None, problem): a manifest is outside input until checked."""
    try:
        with open(os.path.join(root, relative), encoding="utf-8") as handle:
            value = json.load(handle)
    except (OSError, ValueError) as error:
        return None, f"{relative}: not readable JSON ({error})"
    if not isinstance(value, dict):
        return None, f"{relative}: not a JSON object"
    return value, None


def _strings(value, pattern, relative, key):
    """`value[key]` as a list of strings matching `pattern`, and the problems with it."""
    items = value.get(key, [])
    if not isinstance(items, list) or not all(isinstance(item, str) for item in items):
        return [], [f"{relative}: \"{key}\" must be a list of strings"]
    bad = [item for item in items if not pattern.fullmatch(item)]
    problems = [f"{relative}: \"{key}\" has {json.dumps(item)[:80]}, which is not a "
                f"{'GitHub @team or @user' if pattern is OWNER else 'tag (kind:value, lower case)'}" for item in bad]
    return [item for item in items if pattern.fullmatch(item)], problems


def manifests(root):
    """Every feature's and module's Manifest, sorted by folder."""
    found = []
    features = os.path.join(root, "Modules/Features")
    for name in sorted(os.listdir(features)) if os.path.isdir(features) else []:
        relative = f"Modules/Features/{name}/feature.json"
        if not os.path.isfile(os.path.join(root, relative)):
            continue
        found.append(_manifest(root, f"Modules/Features/{name}", relative, feature=True))
    value, _ = _read(root, RULES_FILE)
    listed = value.get("modules", {}) if isinstance(value, dict) else {}
    listed = listed if isinstance(listed, dict) else {}
    for parent in ("Modules", "Apps", "Benchmarks"):
        directory = os.path.join(root, parent)
        for name in sorted(os.listdir(directory)) if os.path.isdir(directory) else []:
            folder = f"{parent}/{name}"
            if name == "Features" or not os.path.isdir(os.path.join(root, folder)):
                continue
            if folder not in listed:
                found.append(Manifest(folder, RULES_FILE, [], [], [
                    f"{folder} is not in {RULES_FILE}'s \"modules\": name its owners and its layer: tag there"]))
                continue
            found.append(_manifest(root, folder, f"{RULES_FILE} ({folder})", feature=False, value=listed[folder]))
    for folder in sorted(set(listed) - {m.folder for m in found}):
        found.append(Manifest(folder, RULES_FILE, [], [], [f"{RULES_FILE} lists {json.dumps(folder)[:80]}, which is "
                                                           f"not a folder of Modules/, Apps/ or Benchmarks/"]))
    return found


def _manifest(root, folder, relative, feature, value=None):
    if value is None:
        value, problem = _read(root, relative)
        if value is None:
            return Manifest(folder, relative, [], [], [problem])
    if not isinstance(value, dict):
        return Manifest(folder, relative, [], [], [f"{relative}: not a JSON object"])
    owners, problems = _strings(value, OWNER, relative, "owners")
    tags, tag_problems = _strings(value, TAG, relative, "tags")
    problems += tag_problems
    if feature and not any(tag.startswith("layer:") for tag in tags):
        tags = tags + [FEATURE_LAYER]
    if not feature and not owners:
        problems.append(f"{relative}: no \"owners\"")
    if not any(tag.startswith("layer:") for tag in tags):
        problems.append(f"{relative}: no \"layer:\" tag in \"tags\"")
    return Manifest(folder, relative, owners, tags, problems)


def rules(root):
    """(default owners, [(tag, allowed tags)], problems) from Modules/owners.json."""
    value, problem = _read(root, RULES_FILE)
    if value is None:
        return [], [], [problem]
    owners, problems = _strings(value, OWNER, RULES_FILE, "default_owners")
    if not owners:
        problems.append(f"{RULES_FILE}: no \"default_owners\"")
    found = []
    listed = value.get("rules", [])
    for index, rule in enumerate(listed if isinstance(listed, list) else [None]):
        tag = rule.get("tag") if isinstance(rule, dict) else None
        allowed = rule.get("may_depend_on") if isinstance(rule, dict) else None
        if not (isinstance(tag, str) and TAG.fullmatch(tag) and isinstance(allowed, list)
                and all(isinstance(a, str) and TAG.fullmatch(a) for a in allowed)):
            problems.append(f"{RULES_FILE}: rule {index + 1} must be {{\"tag\": \"kind:value\", "
                            f"\"may_depend_on\": [\"kind:value\", ...]}}")
            continue
        found.append((tag, set(allowed)))
    return owners, found, problems


def manifest_of(path, found):
    """The Manifest whose folder holds `path` (the deepest), or None."""
    best = None
    for manifest in found:
        folder = manifest.folder + "/"
        if (path.rstrip("/") + "/").startswith(folder) and (best is None or len(folder) > len(best.folder) + 1):
            best = manifest
    return best


def boundary_problems(targets, root):
    """The broken boundary rules of the package graph (`targets`: describe's targets by name), with the manifests'
    own problems. Test suites and build plugins carry no tags and are not checked."""
    found = manifests(root)
    _, rule_list, problems = rules(root)
    problems = problems + [problem for manifest in found for problem in manifest.problems]
    tags = {}
    for name, target in targets.items():
        if target["type"] in ("test", "plugin") or target["path"].startswith("Tests/"):
            continue
        manifest = manifest_of(target["path"], found)
        tags[name] = set(manifest.tags) if manifest else set()
    for name in sorted(tags):
        for dependency in sorted(targets[name].get("target_dependencies", [])):
            if dependency not in tags or dependency == name:
                continue
            for tag, allowed in rule_list:
                if tag in tags[name] and not (tags[dependency] & allowed):
                    shown = ", ".join(sorted(tags[dependency])) or "no tags"
                    problems.append(f"{name} ({tag}) depends on {dependency} ({shown}): {tag} may depend only on "
                                    f"{', '.join(sorted(allowed))} ({RULES_FILE})")
    return problems


def owners_of_targets(targets, names, root):
    """{owner: [target names]} for the targets `names` (by their folders' manifests; default owners otherwise)."""
    found = manifests(root)
    default, _, _ = rules(root)
    reached = {}
    for name in sorted(names):
        target = targets.get(name)
        if target is None:
            continue
        path = target["path"]
        manifest = manifest_of(path, found)
        if manifest is None and path.startswith("Tests/"):
            manifest = _suite_manifest(path, found)
        for owner in (manifest.owners if manifest and manifest.owners else default):
            reached.setdefault(owner, []).append(name)
    return dict(sorted(reached.items()))


def _suite_manifest(path, found):
    """A suite folder's module: `Tests/XFeatureTests` → feature X, `Tests/XTests` → module X."""
    suite = path.split("/")[1] if path.count("/") >= 1 else ""
    for manifest in found:
        name = manifest.folder.split("/")[-1]
        if manifest.folder.startswith("Modules/Features/") and suite == f"{name}FeatureTests":
            return manifest
        if not manifest.folder.startswith("Modules/Features/") and suite == f"{name}Tests":
            return manifest
    return None


def owners_line(reached):
    """`@kumiki/magazine (RecipesFeature, PantryFeature); @kumiki/platform (FeatureKit)`."""
    return "; ".join(f"{owner} ({', '.join(names)})" for owner, names in reached.items())


def codeowners(root):
    """The CODEOWNERS text the manifests give (later lines win in GitHub's reading: the default comes first)."""
    found = manifests(root)
    default, _, _ = rules(root)
    lines = [
        "# Generated by Scripts/codeowners from each folder's feature.json and Modules/owners.json",
        "# Do not edit: change the owners there and run Scripts/codeowners --write; make lint checks it.",
        f"* {' '.join(default)}",
    ]
    for manifest in found:
        if not manifest.owners:
            continue
        owners = " ".join(manifest.owners)
        lines.append(f"/{manifest.folder}/ {owners}")
        name = manifest.folder.split("/")[-1]
        suite = f"Tests/{name}FeatureTests" if manifest.folder.startswith("Modules/Features/") else f"Tests/{name}Tests"
        if os.path.isdir(os.path.join(root, suite)):
            lines.append(f"/{suite}/ {owners}")
    return "\n".join(lines) + "\n"
