"""The throwaway PostgreSQL cluster of the tests and the load test, and what happens when there is none."""

import pytest

from data.stores.throwaway_pg import NoPostgres, ThrowawayCluster
from tests.conftest import no_postgres


def test_the_cluster_listens_on_loopback_only_and_is_removed_afterwards():
    import psycopg

    cluster = ThrowawayCluster()
    try:
        url = cluster.start()
    except NoPostgres as exc:
        pytest.skip(f"no PostgreSQL here: {exc}")
    folder = cluster.folder
    try:
        with psycopg.connect(url) as conn:
            assert conn.execute("SHOW listen_addresses").fetchone() == ("127.0.0.1",)
            found = conn.execute("SELECT count(*) FROM pg_available_extensions WHERE name = 'btree_gist'").fetchone()
            assert found == (1,)
    finally:
        cluster.stop()
    assert folder is not None and not folder.exists()


def test_without_server_binaries_the_cluster_says_what_to_install():
    cluster = ThrowawayCluster()
    cluster.bindir = None
    with pytest.raises(NoPostgres, match="apt-get install postgresql"):
        cluster.start()


def test_a_missing_postgres_skips_but_fails_under_ci_when_it_is_installed():
    with pytest.raises(pytest.skip.Exception, match="no PostgreSQL"):
        no_postgres("initdb failed", ci=False, installed=True)
    with pytest.raises(pytest.skip.Exception):
        no_postgres("no binaries", ci=True, installed=False)
    with pytest.raises(pytest.fail.Exception, match="installed but"):
        no_postgres("initdb failed", ci=True, installed=True)
