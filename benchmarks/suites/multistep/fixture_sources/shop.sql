-- The online shop of the multistep suite (apis/shop.py). Build with build_fixtures.py.
CREATE TABLE customers (
    id TEXT PRIMARY KEY, name TEXT NOT NULL, email TEXT NOT NULL UNIQUE, city TEXT NOT NULL,
    member_since TEXT NOT NULL
);
CREATE TABLE orders (
    id TEXT PRIMARY KEY, customer_id TEXT NOT NULL REFERENCES customers(id),
    placed_on TEXT NOT NULL, status TEXT NOT NULL, total REAL NOT NULL DEFAULT 0
);
CREATE TABLE order_items (
    order_id TEXT NOT NULL REFERENCES orders(id), line_no INTEGER NOT NULL, sku TEXT NOT NULL,
    product TEXT NOT NULL, quantity INTEGER NOT NULL, unit_price REAL NOT NULL,
    PRIMARY KEY (order_id, line_no)
);
CREATE TABLE refunds (
    id TEXT PRIMARY KEY, order_id TEXT NOT NULL REFERENCES orders(id), amount REAL NOT NULL,
    reason TEXT NOT NULL, created_at TEXT NOT NULL
);
CREATE TABLE emails (
    id INTEGER PRIMARY KEY, customer_id TEXT NOT NULL REFERENCES customers(id),
    recipient TEXT NOT NULL, subject TEXT NOT NULL, body TEXT NOT NULL, sent_at TEXT NOT NULL
);

INSERT INTO customers VALUES
    ('C-1001', 'Maya Lindqvist', 'maya.lindqvist@example.com', 'Malmö', '2021-05-14'),
    ('C-1002', 'Raj Patel', 'raj.patel@example.com', 'Leicester', '2019-11-02'),
    ('C-1003', 'Sofia Marín', 'sofia.marin@example.com', 'Valencia', '2022-08-30'),
    ('C-1004', 'Jonas Weber', 'jonas.weber@example.com', 'Leipzig', '2023-01-19'),
    ('C-1005', 'Maya Lind', 'maya.lind@example.com', 'Oslo', '2024-03-07'),
    ('C-1006', 'Priya Raj', 'priya.raj@example.com', 'Pune', '2022-02-11');

INSERT INTO orders (id, customer_id, placed_on, status) VALUES
    ('O-5001', 'C-1001', '2025-02-11', 'delivered'),
    ('O-5002', 'C-1001', '2025-03-02', 'delivered'),
    ('O-5003', 'C-1001', '2025-03-20', 'shipped'),
    ('O-5004', 'C-1002', '2025-01-05', 'delivered'),
    ('O-5005', 'C-1002', '2025-02-14', 'cancelled'),
    ('O-5006', 'C-1002', '2025-03-09', 'delivered'),
    ('O-5007', 'C-1002', '2025-03-28', 'processing'),
    ('O-5008', 'C-1003', '2025-03-02', 'delivered'),
    ('O-5009', 'C-1004', '2025-03-15', 'delivered'),
    ('O-5010', 'C-1005', '2025-03-02', 'delivered'),
    ('O-5011', 'C-1006', '2025-03-22', 'processing'),
    ('O-5012', 'C-1002', '2025-04-02', 'delivered');

INSERT INTO order_items VALUES
    ('O-5001', 1, 'KET-STL-17', 'Stovetop kettle, stainless, 1.7 l', 1, 44.00),
    ('O-5001', 2, 'TEA-LOOSE-AST', 'Assam loose-leaf tea, 250 g', 2, 9.80),
    ('O-5002', 1, 'TEA-CER-12', 'Ceramic teapot, 1.2 l', 1, 38.50),
    ('O-5002', 2, 'CUP-ESP-4', 'Espresso cups, set of 4', 2, 14.90),
    ('O-5002', 3, 'TEA-LOOSE-OOL', 'Oolong loose-leaf tea, 100 g', 3, 7.25),
    ('O-5003', 1, 'MUG-ENM-2', 'Enamel camping mugs, pair', 1, 18.00),
    ('O-5003', 2, 'TEA-STR-MESH', 'Mesh tea strainer', 2, 4.50),
    ('O-5004', 1, 'GRN-BUR-P', 'Burr coffee grinder', 1, 129.00),
    ('O-5004', 2, 'COF-BEAN-ETH', 'Ethiopian coffee beans, 1 kg', 1, 31.90),
    ('O-5005', 1, 'PRS-FR-8', 'French press, 8 cups', 1, 36.00),
    ('O-5006', 1, 'COF-BEAN-COL', 'Colombian coffee beans, 1 kg', 2, 28.40),
    ('O-5006', 2, 'FLT-PAP-100', 'Paper coffee filters, pack of 100', 3, 3.95),
    ('O-5007', 1, 'SCL-DIG', 'Digital coffee scale', 1, 42.50),
    ('O-5008', 1, 'TEA-CER-12', 'Ceramic teapot, 1.2 l', 1, 38.50),
    ('O-5009', 1, 'KET-GOOSE', 'Gooseneck kettle, electric', 1, 79.00),
    ('O-5010', 1, 'TEA-CER-12', 'Ceramic teapot, 1.2 l', 2, 38.50),
    ('O-5010', 2, 'TEA-LOOSE-OOL', 'Oolong loose-leaf tea, 100 g', 1, 7.25),
    ('O-5011', 1, 'MUG-ENM-2', 'Enamel camping mugs, pair', 2, 18.00),
    ('O-5012', 1, 'COF-BEAN-ETH', 'Ethiopian coffee beans, 1 kg', 1, 31.90),
    ('O-5012', 2, 'CUP-ESP-4', 'Espresso cups, set of 4', 1, 14.90);

UPDATE orders SET total = (
    SELECT round(sum(quantity * unit_price), 2) FROM order_items WHERE order_id = orders.id
);

INSERT INTO refunds VALUES ('R-0301', 'O-5009', 15.00, 'dented lid', '2025-03-19T10:12:00');
