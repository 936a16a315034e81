-- The outdoor-gear warehouses of the multistep suite (apis/inventory.py). Build with build_fixtures.py.
CREATE TABLE suppliers (
    id TEXT PRIMARY KEY, name TEXT NOT NULL, email TEXT NOT NULL, lead_time_days INTEGER NOT NULL
);
CREATE TABLE products (
    sku TEXT PRIMARY KEY, name TEXT NOT NULL, category TEXT NOT NULL,
    supplier_id TEXT NOT NULL REFERENCES suppliers(id), reorder_level INTEGER NOT NULL,
    unit_cost REAL NOT NULL
);
CREATE TABLE stock (
    sku TEXT NOT NULL REFERENCES products(sku), warehouse TEXT NOT NULL,
    quantity INTEGER NOT NULL, PRIMARY KEY (sku, warehouse)
);
CREATE TABLE purchase_orders (
    id TEXT PRIMARY KEY, supplier_id TEXT NOT NULL REFERENCES suppliers(id),
    sku TEXT NOT NULL REFERENCES products(sku), quantity INTEGER NOT NULL,
    warehouse TEXT NOT NULL, created_on TEXT NOT NULL, status TEXT NOT NULL
);
CREATE TABLE transfers (
    id TEXT PRIMARY KEY, sku TEXT NOT NULL REFERENCES products(sku),
    from_warehouse TEXT NOT NULL, to_warehouse TEXT NOT NULL, quantity INTEGER NOT NULL,
    created_on TEXT NOT NULL
);

INSERT INTO suppliers VALUES
    ('SUP-01', 'Lumenco BV', 'orders@lumenco.example', 9),
    ('SUP-02', 'Nordhaven Outdoor GmbH', 'sales@nordhaven.example', 14),
    ('SUP-03', 'Kestrel Textiles', 'trade@kestrel.example', 21),
    ('SUP-04', 'Polar Cook Supply', 'po@polarcook.example', 7);

INSERT INTO products VALUES
    ('LAN-300', 'Trail Lantern 300', 'lighting', 'SUP-01', 40, 12.40),
    ('LAN-300P', 'Trail Lantern 300 Pro', 'lighting', 'SUP-01', 25, 21.90),
    ('HDL-150', 'Headlamp 150', 'lighting', 'SUP-01', 60, 8.10),
    ('TNT-2P', 'Ridge Tent 2P', 'shelter', 'SUP-02', 15, 89.00),
    ('SLP-M', 'Down Sleeping Bag M', 'shelter', 'SUP-02', 20, 64.50),
    ('SOX-W', 'Merino Hiking Socks', 'apparel', 'SUP-03', 120, 6.20),
    ('JKT-RS', 'Rainshell Jacket', 'apparel', 'SUP-03', 30, 38.00),
    ('STV-G', 'Canister Gas Stove', 'cooking', 'SUP-04', 35, 17.75),
    ('POT-TI', 'Titanium Cook Pot', 'cooking', 'SUP-04', 25, 22.30);

INSERT INTO stock VALUES
    ('LAN-300', 'Rotterdam', 55), ('LAN-300', 'Hamburg', 88), ('LAN-300', 'Antwerp', 20),
    ('LAN-300P', 'Rotterdam', 31), ('LAN-300P', 'Hamburg', 12), ('LAN-300P', 'Antwerp', 26),
    ('HDL-150', 'Rotterdam', 42), ('HDL-150', 'Hamburg', 75), ('HDL-150', 'Antwerp', 66),
    ('TNT-2P', 'Rotterdam', 15), ('TNT-2P', 'Hamburg', 19), ('TNT-2P', 'Antwerp', 17),
    ('SLP-M', 'Rotterdam', 26), ('SLP-M', 'Hamburg', 22), ('SLP-M', 'Antwerp', 21),
    ('SOX-W', 'Rotterdam', 96), ('SOX-W', 'Hamburg', 210), ('SOX-W', 'Antwerp', 140),
    ('JKT-RS', 'Rotterdam', 44), ('JKT-RS', 'Hamburg', 18), ('JKT-RS', 'Antwerp', 35),
    ('STV-G', 'Rotterdam', 50), ('STV-G', 'Hamburg', 41), ('STV-G', 'Antwerp', 12),
    ('POT-TI', 'Rotterdam', 27), ('POT-TI', 'Hamburg', 30), ('POT-TI', 'Antwerp', 25);

INSERT INTO purchase_orders VALUES
    ('PO-7101', 'SUP-02', 'TNT-2P', 20, 'Hamburg', '2025-04-02', 'received'),
    ('PO-7102', 'SUP-04', 'STV-G', 40, 'Rotterdam', '2025-04-10', 'received'),
    ('PO-7103', 'SUP-01', 'LAN-300P', 30, 'Hamburg', '2025-04-28', 'open'),
    ('PO-7104', 'SUP-03', 'JKT-RS', 25, 'Hamburg', '2025-05-03', 'open'),
    ('PO-7105', 'SUP-04', 'STV-G', 50, 'Antwerp', '2025-05-06', 'open');

INSERT INTO transfers VALUES
    ('TR-0301', 'SOX-W', 'Hamburg', 'Antwerp', 60, '2025-04-15');
