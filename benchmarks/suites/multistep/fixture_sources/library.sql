-- The public library of the multistep suite (apis/library.py). Build with build_fixtures.py.
CREATE TABLE members (
    id TEXT PRIMARY KEY, name TEXT NOT NULL, card_number TEXT NOT NULL UNIQUE,
    email TEXT NOT NULL, joined_on TEXT NOT NULL
);
CREATE TABLE books (
    isbn TEXT PRIMARY KEY, title TEXT NOT NULL, author TEXT NOT NULL, year INTEGER NOT NULL
);
CREATE TABLE copies (
    copy_id TEXT PRIMARY KEY, isbn TEXT NOT NULL REFERENCES books(isbn), branch TEXT NOT NULL
);
CREATE TABLE loans (
    id TEXT PRIMARY KEY, copy_id TEXT NOT NULL REFERENCES copies(copy_id),
    member_id TEXT NOT NULL REFERENCES members(id), loaned_on TEXT NOT NULL,
    due_on TEXT NOT NULL, returned_on TEXT, renewals INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE holds (
    id TEXT PRIMARY KEY, isbn TEXT NOT NULL REFERENCES books(isbn),
    member_id TEXT NOT NULL REFERENCES members(id), placed_on TEXT NOT NULL,
    status TEXT NOT NULL
);

INSERT INTO members VALUES
    ('M-201', 'Elif Demir', '2290-4471', 'elif.demir@example.com', '2018-09-03'),
    ('M-202', 'Bram Jacobs', '1187-5520', 'bram.jacobs@example.com', '2020-01-22'),
    ('M-203', 'Chiara Rossi', '3345-0098', 'chiara.rossi@example.com', '2021-06-15'),
    ('M-204', 'Tobias Lund', '5521-8830', 'tobias.lund@example.com', '2022-11-08'),
    ('M-205', 'Aiko Tanaka', '6610-2294', 'aiko.tanaka@example.com', '2023-04-27');

INSERT INTO books VALUES
    ('9781903722145', 'The Glass Orchard', 'Helena Marsh', 2019),
    ('9781903722152', 'Tides of Kerala', 'Arjun Menon', 2021),
    ('9781903722169', 'Winter Arithmetic', 'Sigrid Holm', 2022),
    ('9781903722176', 'The Salt Road', 'Ines Okafor', 2023),
    ('9781903722183', 'The Salt Road', 'Peter Vance', 2009),
    ('9781903722190', 'Salt Roads of the Sahel', 'Moussa Diallo', 2016),
    ('9781903722206', 'A Field Guide to Clouds', 'Rosa Lindgren', 2018),
    ('9781903722213', 'Night Trains', 'Marek Novak', 2020);

INSERT INTO copies VALUES
    ('C-3101', '9781903722145', 'Central'),
    ('C-3102', '9781903722145', 'Harbour'),
    ('C-3205', '9781903722152', 'Central'),
    ('C-3310', '9781903722169', 'Central'),
    ('C-3311', '9781903722169', 'Eastside'),
    ('C-3401', '9781903722176', 'Central'),
    ('C-3402', '9781903722176', 'Harbour'),
    ('C-3501', '9781903722183', 'Eastside'),
    ('C-3601', '9781903722190', 'Central'),
    ('C-3701', '9781903722206', 'Harbour'),
    ('C-3801', '9781903722213', 'Central');

INSERT INTO loans VALUES
    ('L-8990', 'C-3701', 'M-201', '2025-03-09', '2025-03-30', '2025-03-28', 0),
    ('L-9001', 'C-3101', 'M-201', '2025-04-12', '2025-05-03', NULL, 0),
    ('L-9002', 'C-3205', 'M-201', '2025-04-19', '2025-05-10', NULL, 1),
    ('L-9003', 'C-3310', 'M-201', '2025-04-26', '2025-05-17', NULL, 0),
    ('L-9004', 'C-3401', 'M-203', '2025-04-20', '2025-05-11', NULL, 0),
    ('L-9005', 'C-3402', 'M-204', '2025-04-22', '2025-05-13', NULL, 2),
    ('L-9006', 'C-3102', 'M-205', '2025-04-28', '2025-05-19', NULL, 0),
    ('L-9007', 'C-3801', 'M-202', '2025-04-15', '2025-05-06', NULL, 0);

INSERT INTO holds VALUES
    ('H-0690', '9781903722176', 'M-203', '2025-04-01', 'fulfilled'),
    ('H-0701', '9781903722176', 'M-205', '2025-04-23', 'active'),
    ('H-0702', '9781903722176', 'M-201', '2025-04-25', 'active'),
    ('H-0703', '9781903722213', 'M-204', '2025-04-29', 'active');
