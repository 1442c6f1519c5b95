"""The judge of these tests is a real account, on the staff of the tournaments the support
helpers create (issue 12: staff act only where appointed)."""

from __future__ import annotations

import pytest

from tests.support.staff import staff_account
from torneo.core.policy import Actor
from torneo.platform.store.uow import Store


@pytest.fixture
def judge(store: Store) -> Actor:
    return staff_account(store)
