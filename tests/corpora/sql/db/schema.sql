-- lode: schema.customers
CREATE TABLE customers (
    id BIGINT PRIMARY KEY,
    email TEXT NOT NULL
);

-- Orders with their customer's email.
-- lode: db.schema.order_emails
CREATE VIEW order_emails AS
SELECT o.id, c.email FROM orders o JOIN customers c ON c.id = o.customer_id;
