-- Simulated viewing requests of confirmed holds (nothing is sent anywhere): one per hold, kept per thread.
CREATE TABLE IF NOT EXISTS viewing_requests (
    hold_id    text PRIMARY KEY REFERENCES holds (id),
    thread_id  text NOT NULL,
    request    jsonb NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX IF NOT EXISTS viewing_requests_thread ON viewing_requests (thread_id);
