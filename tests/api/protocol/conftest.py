"""Shared fixtures of the `yendor serve` protocol tests (docs/protocol.md).

The tests run the real binary, named by the environment variable YENDOR_BIN; the servers
they start inherit the environment, so YENDOR_DATA_DIR reaches them:

    YENDOR_BIN=build/.../yendor YENDOR_DATA_DIR=data \
        /usr/bin/python3 -m pytest tests/api/protocol -q
"""

import os

import pytest


@pytest.fixture(scope="session")
def yendor_bin():
    """The path of the yendor executable under test (YENDOR_BIN)."""
    path = os.environ.get("YENDOR_BIN", "")
    if not path:
        pytest.fail("YENDOR_BIN is not set: point it at the yendor executable, e.g. "
                    "YENDOR_BIN=build/<preset>/yendor YENDOR_DATA_DIR=data "
                    "/usr/bin/python3 -m pytest tests/api/protocol -q", pytrace=False)
    if not (os.path.isfile(path) and os.access(path, os.X_OK)):
        pytest.fail(f"YENDOR_BIN={path!r} is not an executable file", pytrace=False)
    return os.path.abspath(path)
