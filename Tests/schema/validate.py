#!/usr/bin/env python3
"""Validate prep manifests against schema/manifest.schema.json (JSON Schema draft 2020-12).

Usage: validate.py MANIFEST.json [MORE.json ...]
Prints one line per error (file, JSON path, message) and exits 1 if any file is invalid;
prints "N passed, 0 failed" and exits 0 otherwise. Needs python3-jsonschema (Debian).
"""
import json
import pathlib
import sys

try:
    import jsonschema
except ImportError:
    sys.exit("validate.py: python3-jsonschema is missing; install it with `apt-get install python3-jsonschema`")

SCHEMA = pathlib.Path(__file__).resolve().parents[2] / "schema" / "manifest.schema.json"


def main(paths):
    if not paths:
        sys.exit(__doc__)
    schema = json.loads(SCHEMA.read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema)
    failed = 0
    for path in paths:
        try:
            document = json.loads(pathlib.Path(path).read_text(encoding="utf-8"))
        except (OSError, ValueError) as error:
            print(f"{path}: cannot read JSON: {error}")
            failed += 1
            continue
        errors = sorted(validator.iter_errors(document), key=lambda e: list(e.absolute_path))
        for error in errors[:20]:
            location = "/".join(str(part) for part in error.absolute_path) or "(top)"
            print(f"{path}: {location}: {error.message}")
        failed += bool(errors)
    print(f"{len(paths) - failed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
