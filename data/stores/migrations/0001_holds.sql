-- Tour holds. The no-double-booking rule is the exclusion constraint: two active holds on one unit never
-- overlap in time, whoever writes them (the app, a back office, psql). btree_gist lets text use "=" in GiST.
CREATE EXTENSION IF NOT EXISTS btree_gist;

CREATE TABLE IF NOT EXISTS holds (
    id         text PRIMARY KEY,
    thread_id  text NOT NULL,
    unit_id    text NOT NULL,
    address    text NOT NULL DEFAULT '',
    starts_at  timestamptz NOT NULL,
    ends_at    timestamptz NOT NULL CHECK (ends_at > starts_at),
    tz         text NOT NULL,                -- the slot's time zone, to give times back as they were asked
    status     text NOT NULL CHECK (status IN ('held', 'confirmed', 'released', 'expired')),
    expires_at timestamptz NOT NULL,
    contact    jsonb,
    created_at timestamptz NOT NULL DEFAULT now(),
    active     boolean GENERATED ALWAYS AS (status IN ('held', 'confirmed')) STORED,
    CONSTRAINT holds_no_overlap EXCLUDE USING gist (unit_id WITH =, tstzrange(starts_at, ends_at) WITH &&)
        WHERE (active)
);

CREATE INDEX IF NOT EXISTS holds_thread ON holds (thread_id);
CREATE INDEX IF NOT EXISTS holds_lapsing ON holds (expires_at) WHERE status = 'held';
