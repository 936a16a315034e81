-- The personal bank accounts of the multistep suite (apis/bank.py). Build with build_fixtures.py.
CREATE TABLE accounts (
    id TEXT PRIMARY KEY, name TEXT NOT NULL, kind TEXT NOT NULL, iban TEXT NOT NULL UNIQUE,
    currency TEXT NOT NULL, balance REAL NOT NULL
);
CREATE TABLE transactions (
    id TEXT PRIMARY KEY, account_id TEXT NOT NULL REFERENCES accounts(id),
    booked_on TEXT NOT NULL, amount REAL NOT NULL, counterparty TEXT NOT NULL,
    category TEXT NOT NULL, description TEXT NOT NULL
);
CREATE TABLE payees (
    id TEXT PRIMARY KEY, name TEXT NOT NULL, iban TEXT NOT NULL, category TEXT NOT NULL
);

INSERT INTO accounts VALUES
    ('ACC-01', 'Everyday checking', 'checking', 'NL91ABNA0417164300', 'EUR', 3482.17),
    ('ACC-02', 'Rainy-day savings', 'savings', 'NL41INGB0005873214', 'EUR', 12950.00),
    ('ACC-03', 'Visa credit card', 'credit card', 'NL30RABO0312456788', 'EUR', -642.35);

INSERT INTO payees VALUES
    ('PY-01', 'Henrik Aalto', 'NL12TRIO0198765432', 'rent'),
    ('PY-02', 'Vattenfall', 'NL50ABNA0552301946', 'utilities'),
    ('PY-03', 'FC Oranje Zaal', 'NL54INGB0007712003', 'sports'),
    ('PY-04', 'Hanna Aaltonen', 'NL90RABO0144490217', 'personal');

INSERT INTO transactions VALUES
    ('T-0415', 'ACC-01', '2025-04-28', -51.10, 'Jumbo', 'groceries', 'Card payment'),
    ('T-0416', 'ACC-01', '2025-04-30', -9.99, 'Spotify', 'subscriptions', 'Premium April'),
    ('T-0501', 'ACC-01', '2025-05-02', -64.37, 'Albert Heijn', 'groceries', 'Card payment'),
    ('T-0502', 'ACC-01', '2025-05-03', -1150.00, 'Henrik Aalto', 'rent', 'Rent May 2025'),
    ('T-0503', 'ACC-01', '2025-05-06', -23.80, 'Jumbo', 'groceries', 'Card payment'),
    ('T-0504', 'ACC-01', '2025-05-09', -45.00, 'NS Reizen', 'transport', 'Train tickets'),
    ('T-0505', 'ACC-01', '2025-05-12', -88.12, 'Albert Heijn', 'groceries', 'Card payment'),
    ('T-0506', 'ACC-01', '2025-05-15', 2890.00, 'Acme Payroll', 'salary', 'Salary May'),
    ('T-0507', 'ACC-01', '2025-05-17', -12.49, 'Lidl', 'groceries', 'Card payment'),
    ('T-0508', 'ACC-01', '2025-05-20', -60.00, 'Vattenfall', 'utilities', 'Energy May'),
    ('T-0509', 'ACC-01', '2025-05-24', -71.05, 'Albert Heijn', 'groceries', 'Card payment'),
    ('T-0510', 'ACC-01', '2025-05-30', -9.99, 'Spotify', 'subscriptions', 'Premium May'),
    ('T-0511', 'ACC-03', '2025-05-18', -33.20, 'Marqt', 'groceries', 'Card payment'),
    ('T-0512', 'ACC-02', '2025-05-31', 250.00, 'Everyday checking', 'savings', 'Monthly saving'),
    ('T-0513', 'ACC-01', '2025-05-31', -250.00, 'Rainy-day savings', 'savings', 'Monthly saving'),
    ('T-0601', 'ACC-01', '2025-06-01', -19.60, 'Jumbo', 'groceries', 'Card payment'),
    ('T-0602', 'ACC-01', '2025-06-02', -1185.00, 'Henrik Aalto', 'rent', 'Rent June 2025'),
    ('T-0603', 'ACC-01', '2025-06-05', -60.00, 'Vattenfall', 'utilities', 'Energy June'),
    ('T-0604', 'ACC-01', '2025-06-13', 2890.00, 'Acme Payroll', 'salary', 'Salary June'),
    ('T-0605', 'ACC-01', '2025-06-14', -57.43, 'Albert Heijn', 'groceries', 'Card payment'),
    ('T-0606', 'ACC-03', '2025-06-20', -120.00, 'FC Oranje Zaal', 'sports', 'Season fee');
