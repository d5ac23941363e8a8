-- The content library's listing (docs/spec.md §2 Content Library, §5 library rules).
--
-- One RPC instead of the original app's dozens of storage listings: list_content() filters,
-- searches, sorts and pages the caller's finished media in SQL, and returns the per-type counts
-- for the filter chips in the same round trip. Paging is keyset (sort key + id), so items that
-- arrive over realtime while the user scrolls never shift or repeat a page.
--
-- Deletes go through the delete-content edge function (storage object and row together).

-- Lower-cased names for the name sort and search.
create index if not exists content_generations_user_name_idx
  on public.content_generations (user_id, lower(product_name));

create or replace function public.list_content(
  search text default null,
  content_type text default null,
  sort text default 'date',
  direction text default 'desc',
  page_size integer default 48,
  cursor jsonb default null
)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_uid uuid := auth.uid();
  v_types constant text[] := array['lightbox', 'refine_image', '360_video', 'ugc_video', 'facebook_ad'];
  v_type text := nullif(nullif(list_content.content_type, ''), 'all');
  v_search text := nullif(trim(coalesce(list_content.search, '')), '');
  v_pattern text;
  v_key text;
  v_cast text;
  v_cmp text;
  v_dir text;
  v_limit integer := list_content.page_size;
  v_items jsonb;
  v_counts jsonb;
  v_next jsonb;
  v_count integer;
begin
  if v_uid is null then
    raise exception 'User not authenticated' using errcode = 'PT401', detail = 'not_authenticated';
  end if;
  if v_type is not null and not (v_type = any (v_types)) then
    raise exception 'Unknown content type: %', v_type using errcode = '22023', detail = 'invalid_content_type';
  end if;
  if v_limit is null or v_limit < 1 or v_limit > 200 then
    raise exception 'page_size must be between 1 and 200' using errcode = '22023', detail = 'invalid_page_size';
  end if;
  if v_search is not null and char_length(v_search) > 200 then
    raise exception 'The search is too long' using errcode = '22023', detail = 'invalid_search';
  end if;
  if cursor is not null and (jsonb_typeof(cursor) <> 'object' or cursor ->> 'id' is null or not cursor ? 'k') then
    raise exception 'Invalid cursor' using errcode = '22023', detail = 'invalid_cursor';
  end if;

  -- Whitelisted sort keys: nothing the caller sends reaches the SQL text.
  case coalesce(list_content.sort, 'date')
    when 'date' then v_key := 'c.created_at'; v_cast := 'timestamptz';
    when 'name' then v_key := 'lower(c.product_name)'; v_cast := 'text';
    when 'size' then v_key := 'coalesce(c.bytes, 0)'; v_cast := 'bigint';
    when 'credits' then v_key := 'c.credits_used'; v_cast := 'integer';
    else raise exception 'Unknown sort: %', list_content.sort using errcode = '22023', detail = 'invalid_sort';
  end case;
  case lower(coalesce(list_content.direction, 'desc'))
    when 'desc' then v_dir := 'desc'; v_cmp := '<';
    when 'asc' then v_dir := 'asc'; v_cmp := '>';
    else raise exception 'Unknown direction: %', list_content.direction using errcode = '22023', detail = 'invalid_direction';
  end case;

  if v_search is not null then
    v_pattern := '%' || replace(replace(replace(v_search, '\', '\\'), '%', '\%'), '_', '\_') || '%';
  end if;

  -- What the library may show (docs/spec.md §5): finished, with a file, of a known type.
  execute format($q$
    with visible as (
      select c.id, c.content_type, c.product_name, c.bucket, c.storage_path, c.thumbnail_path, c.mime_type,
             c.bytes, c.width, c.height, c.credits_used, c.created_at, %1$s as sort_key
        from public.content_generations c
       where c.user_id = $1
         and c.status = 'completed'
         and c.content_type = any ($2)
         and nullif(nullif(c.storage_path, ''), 'null') is not null
         and ($3::text is null or c.content_type = $3)
         and ($4::text is null or c.product_name ilike $4)
         and ($5::jsonb is null or (%1$s, c.id) %2$s (($5 ->> 'k')::%3$s, ($5 ->> 'id')::uuid))
       order by %1$s %4$s, c.id %4$s
       limit $6 + 1
    )
    select coalesce(jsonb_agg(to_jsonb(v) - 'sort_key' order by v.sort_key %4$s, v.id %4$s), '[]'::jsonb),
           count(*)::integer,
           (select jsonb_build_object('k', l.sort_key, 'id', l.id)
              from (select * from visible order by sort_key %4$s, id %4$s offset $6 - 1 limit 1) l)
      from visible v
  $q$, v_key, v_cmp, v_cast, v_dir)
  into v_items, v_count, v_next
  using v_uid, v_types, v_type, v_pattern, cursor, v_limit;

  if v_count > v_limit then
    v_items := v_items - v_limit;  -- drop the look-ahead row
  else
    v_next := null;
  end if;

  -- Counts for the chips: only with the first page (later pages keep the first page's counts).
  if cursor is null then
    select jsonb_build_object(
             'all', count(*),
             'lightbox', count(*) filter (where c.content_type = 'lightbox'),
             'refine_image', count(*) filter (where c.content_type = 'refine_image'),
             '360_video', count(*) filter (where c.content_type = '360_video'),
             'ugc_video', count(*) filter (where c.content_type = 'ugc_video'),
             'facebook_ad', count(*) filter (where c.content_type = 'facebook_ad'))
      into v_counts
      from public.content_generations c
     where c.user_id = v_uid
       and c.status = 'completed'
       and c.content_type = any (v_types)
       and nullif(nullif(c.storage_path, ''), 'null') is not null
       and (v_pattern is null or c.product_name ilike v_pattern);
  end if;

  return jsonb_build_object('items', v_items, 'counts', v_counts, 'next_cursor', v_next);
end;
$$;
comment on function public.list_content(text, text, text, text, integer, jsonb) is
  'The caller''s library page: finished media of a known type, filtered by type and name search, sorted by date, name, size or credits (asc/desc), keyset-paged by cursor {k, id}; the first page also carries per-type counts (search applied, type filter not).';

revoke all on function public.list_content(text, text, text, text, integer, jsonb) from public, anon;
grant execute on function public.list_content(text, text, text, text, integer, jsonb) to authenticated;
