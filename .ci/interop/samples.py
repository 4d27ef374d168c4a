"""The statement samples, as Samples/samples.tsv lists them (the list the Swift tests read too)."""
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def entries():
    """(file name, format) for every sample, in the manifest's order."""
    rows = []
    for line in (ROOT / "Samples" / "samples.tsv").read_text(encoding="utf-8").splitlines():
        if line and not line.startswith("#"):
            name, fmt = line.split("\t")
            rows.append((name, fmt))
    return rows


def paths(*formats):
    """The samples' paths (of the given formats only, when some are named), sorted."""
    return sorted(ROOT / "Samples" / name for name, fmt in entries() if not formats or fmt in formats)


def relative(*formats):
    """As `paths`, relative to the repository: "Samples/NAME"."""
    return [str(p.relative_to(ROOT)) for p in paths(*formats)]
