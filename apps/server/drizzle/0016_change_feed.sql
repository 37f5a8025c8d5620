-- The change feed (decision 0031): every committed change a cached answer depends on is told to
-- every server process through NOTIFY on the channel `linkstore_changes`, with the payload
-- `<table>|<shop id>|<user id>`: a shop's rows (an order's rows through their order) name the
-- shop and its owner, a user's rows the user, and the platform's catalogue and settings neither
-- (`<table>||`: everything may depend on them). A product's stock alone changing is
-- `products.stock|||<product id>`. NOTIFY is delivered at commit, never for a
-- rolled-back change, and the same payload twice in one transaction is delivered once.
CREATE OR REPLACE FUNCTION "linkstore_notify_shop_row"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  shop_key text;
  owner_key text;
BEGIN
  -- A row that moves to another shop is news to both.
  FOREACH shop_key IN ARRAY ARRAY[
    CASE WHEN TG_OP <> 'INSERT' THEN to_jsonb(OLD) ->> TG_ARGV[0] END,
    CASE WHEN TG_OP <> 'DELETE' THEN to_jsonb(NEW) ->> TG_ARGV[0] END
  ] LOOP
    IF shop_key IS NOT NULL THEN
      SELECT "owner_user_id"::text INTO owner_key FROM "shops" WHERE "id" = shop_key::bigint;
      PERFORM pg_notify('linkstore_changes', TG_TABLE_NAME || '|' || shop_key || '|' || coalesce(owner_key, ''));
    END IF;
  END LOOP;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "linkstore_notify_order_row"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  order_key text := CASE WHEN TG_OP = 'DELETE' THEN to_jsonb(OLD) ->> 'order_id' ELSE to_jsonb(NEW) ->> 'order_id' END;
  found record;
BEGIN
  SELECT "shop_id"::text AS shop_key, "owner_user_id"::text AS owner_key INTO found FROM "orders" WHERE "id" = order_key::bigint;
  PERFORM pg_notify('linkstore_changes', TG_TABLE_NAME || '|' || coalesce(found.shop_key, '') || '|' || coalesce(found.owner_key, ''));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "linkstore_notify_user_row"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  user_key text;
BEGIN
  FOREACH user_key IN ARRAY ARRAY[
    CASE WHEN TG_OP <> 'INSERT' THEN to_jsonb(OLD) ->> TG_ARGV[0] END,
    CASE WHEN TG_OP <> 'DELETE' THEN to_jsonb(NEW) ->> TG_ARGV[0] END
  ] LOOP
    IF user_key IS NOT NULL THEN
      PERFORM pg_notify('linkstore_changes', TG_TABLE_NAME || '||' || user_key);
    END IF;
  END LOOP;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "linkstore_notify_table"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('linkstore_changes', TG_TABLE_NAME || '||');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "shops_changes" AFTER INSERT OR UPDATE OR DELETE ON "shops" FOR EACH ROW EXECUTE FUNCTION "linkstore_notify_shop_row"('id');
--> statement-breakpoint
CREATE TRIGGER "shop_products_changes" AFTER INSERT OR UPDATE OR DELETE ON "shop_products" FOR EACH ROW EXECUTE FUNCTION "linkstore_notify_shop_row"('shop_id');
--> statement-breakpoint
CREATE TRIGGER "shop_categories_changes" AFTER INSERT OR UPDATE OR DELETE ON "shop_categories" FOR EACH ROW EXECUTE FUNCTION "linkstore_notify_shop_row"('shop_id');
--> statement-breakpoint
CREATE TRIGGER "shop_category_prices_changes" AFTER INSERT OR UPDATE OR DELETE ON "shop_category_prices" FOR EACH ROW EXECUTE FUNCTION "linkstore_notify_shop_row"('shop_id');
--> statement-breakpoint
CREATE TRIGGER "shop_banners_changes" AFTER INSERT OR UPDATE OR DELETE ON "shop_banners" FOR EACH ROW EXECUTE FUNCTION "linkstore_notify_shop_row"('shop_id');
--> statement-breakpoint
CREATE TRIGGER "shop_slug_history_changes" AFTER INSERT OR UPDATE OR DELETE ON "shop_slug_history" FOR EACH ROW EXECUTE FUNCTION "linkstore_notify_shop_row"('shop_id');
--> statement-breakpoint
CREATE TRIGGER "orders_changes" AFTER INSERT OR UPDATE OR DELETE ON "orders" FOR EACH ROW EXECUTE FUNCTION "linkstore_notify_shop_row"('shop_id');
--> statement-breakpoint
CREATE TRIGGER "order_purchases_changes" AFTER INSERT OR UPDATE OR DELETE ON "order_purchases" FOR EACH ROW EXECUTE FUNCTION "linkstore_notify_shop_row"('shop_id');
--> statement-breakpoint
CREATE TRIGGER "ledger_entries_changes" AFTER INSERT OR UPDATE OR DELETE ON "ledger_entries" FOR EACH ROW EXECUTE FUNCTION "linkstore_notify_shop_row"('shop_id');
--> statement-breakpoint
CREATE TRIGGER "payouts_changes" AFTER INSERT OR UPDATE OR DELETE ON "payouts" FOR EACH ROW EXECUTE FUNCTION "linkstore_notify_shop_row"('shop_id');
--> statement-breakpoint
CREATE TRIGGER "order_items_changes" AFTER INSERT OR UPDATE OR DELETE ON "order_items" FOR EACH ROW EXECUTE FUNCTION "linkstore_notify_order_row"();
--> statement-breakpoint
CREATE TRIGGER "payments_changes" AFTER INSERT OR UPDATE OR DELETE ON "payments" FOR EACH ROW EXECUTE FUNCTION "linkstore_notify_order_row"();
--> statement-breakpoint
CREATE TRIGGER "refunds_changes" AFTER INSERT OR UPDATE OR DELETE ON "refunds" FOR EACH ROW EXECUTE FUNCTION "linkstore_notify_order_row"();
--> statement-breakpoint
CREATE TRIGGER "users_changes" AFTER INSERT OR UPDATE OR DELETE ON "users" FOR EACH ROW EXECUTE FUNCTION "linkstore_notify_user_row"('id');
--> statement-breakpoint
CREATE TRIGGER "refresh_tokens_changes" AFTER INSERT OR UPDATE OR DELETE ON "refresh_tokens" FOR EACH ROW EXECUTE FUNCTION "linkstore_notify_user_row"('user_id');
--> statement-breakpoint
CREATE TRIGGER "user_roles_changes" AFTER INSERT OR UPDATE OR DELETE ON "user_roles" FOR EACH ROW EXECUTE FUNCTION "linkstore_notify_user_row"('user_id');
--> statement-breakpoint
CREATE TRIGGER "roles_changes" AFTER INSERT OR UPDATE OR DELETE ON "roles" FOR EACH STATEMENT EXECUTE FUNCTION "linkstore_notify_table"();
--> statement-breakpoint
CREATE TRIGGER "role_menus_changes" AFTER INSERT OR UPDATE OR DELETE ON "role_menus" FOR EACH STATEMENT EXECUTE FUNCTION "linkstore_notify_table"();
--> statement-breakpoint
CREATE TRIGGER "menus_changes" AFTER INSERT OR UPDATE OR DELETE ON "menus" FOR EACH STATEMENT EXECUTE FUNCTION "linkstore_notify_table"();
--> statement-breakpoint
-- The stock of a product changes with every checkout: a stock-only update names the product, so
-- only the answers showing that product's stock are forgotten — unless it ran out or came back,
-- which every list of every shop shows.
CREATE OR REPLACE FUNCTION "linkstore_notify_stock"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (OLD."stock" > 0) <> (NEW."stock" > 0) THEN
    PERFORM pg_notify('linkstore_changes', 'products||');
  ELSE
    PERFORM pg_notify('linkstore_changes', 'products.stock|||' || NEW."id");
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "products_changes" AFTER UPDATE ON "products" FOR EACH ROW WHEN ((to_jsonb(OLD) - 'stock' - 'updated_at') IS DISTINCT FROM (to_jsonb(NEW) - 'stock' - 'updated_at')) EXECUTE FUNCTION "linkstore_notify_table"();
--> statement-breakpoint
CREATE TRIGGER "products_stock_changes" AFTER UPDATE OF "stock" ON "products" FOR EACH ROW WHEN (OLD."stock" IS DISTINCT FROM NEW."stock" AND (to_jsonb(OLD) - 'stock' - 'updated_at') IS NOT DISTINCT FROM (to_jsonb(NEW) - 'stock' - 'updated_at')) EXECUTE FUNCTION "linkstore_notify_stock"();
--> statement-breakpoint
CREATE TRIGGER "products_insert_delete_changes" AFTER INSERT OR DELETE ON "products" FOR EACH STATEMENT EXECUTE FUNCTION "linkstore_notify_table"();
--> statement-breakpoint
CREATE TRIGGER "product_images_changes" AFTER INSERT OR UPDATE OR DELETE ON "product_images" FOR EACH STATEMENT EXECUTE FUNCTION "linkstore_notify_table"();
--> statement-breakpoint
CREATE TRIGGER "categories_changes" AFTER INSERT OR UPDATE OR DELETE ON "categories" FOR EACH STATEMENT EXECUTE FUNCTION "linkstore_notify_table"();
--> statement-breakpoint
CREATE TRIGGER "reviews_changes" AFTER INSERT OR UPDATE OR DELETE ON "reviews" FOR EACH STATEMENT EXECUTE FUNCTION "linkstore_notify_table"();
--> statement-breakpoint
CREATE TRIGGER "countries_changes" AFTER INSERT OR UPDATE OR DELETE ON "countries" FOR EACH STATEMENT EXECUTE FUNCTION "linkstore_notify_table"();
--> statement-breakpoint
CREATE TRIGGER "configs_changes" AFTER INSERT OR UPDATE OR DELETE ON "configs" FOR EACH STATEMENT EXECUTE FUNCTION "linkstore_notify_table"();
--> statement-breakpoint
CREATE TRIGGER "platform_banners_changes" AFTER INSERT OR UPDATE OR DELETE ON "platform_banners" FOR EACH STATEMENT EXECUTE FUNCTION "linkstore_notify_table"();
