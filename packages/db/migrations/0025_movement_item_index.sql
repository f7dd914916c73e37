-- What a procedure item consumed is read by the movements that name it (an amendment's or a deletion's
-- compensation, the procedure's answer and detail): without this index each of those reads scanned the whole ledger.
CREATE INDEX "stock_movements_procedure_item_idx" ON "stock_movements" USING btree ("procedure_item_id");
