-- Development data only (runs on `supabase db reset` and on a new devstack). Nothing secret.
--
-- A demo account: demo@example.com / Demo-pass-2026, plan professional, 200 credits, and a few
-- finished (and one failed, refunded) jobs made through the real job functions, so the ledger,
-- the stats and the library agree with each other.

do $$
declare
  v_uid constant uuid := 'd3300000-0000-4000-8000-000000000001';
  v_job jsonb;
  v_item record;
  v_balance integer;
begin
  insert into auth.users (
    instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
    raw_app_meta_data, raw_user_meta_data, created_at, updated_at,
    confirmation_token, recovery_token, email_change_token_new, email_change
  ) values (
    '00000000-0000-0000-0000-000000000000', v_uid, 'authenticated', 'authenticated', 'demo@example.com',
    extensions.crypt('Demo-pass-2026', extensions.gen_salt('bf')), now(),
    '{"provider": "email", "providers": ["email"]}',
    '{"full_name": "Demo User", "first_name": "Demo", "last_name": "User", "company": "Shotcraft Demo Co.", "role": "founder", "team_size": "small", "use_case": "product"}',
    now() - interval '30 days', now(), '', '', '', ''
  );
  insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
  values (v_uid::text, v_uid, jsonb_build_object('sub', v_uid::text, 'email', 'demo@example.com', 'email_verified', true),
    'email', now(), now() - interval '30 days', now());

  -- The demo account made its UGC ad on an earlier Enterprise subscription and is on Professional
  -- now: its library keeps the video, while the UGC studio shows it the upgrade (plan_studios).
  update public.profiles set plan = 'enterprise' where user_id = v_uid;
  perform private.apply_credit_delta(v_uid, 295, 'plan_grant');

  -- Act as the demo user so start_job() debits exactly as it would for a real request.
  perform set_config('request.jwt.claims', json_build_object('sub', v_uid, 'role', 'authenticated')::text, true);

  for v_item in
    select * from (values
      ('refine_image', 'general', 'General Enhancement', 'Refined-Images', 'jpg', 'image/jpeg', true),
      ('refine_image', 'color', 'Color Correction', 'Refined-Images', 'jpg', 'image/jpeg', true),
      ('refine_image', 'upscale', 'AI Upscaling', 'Refined-Images', 'jpg', 'image/jpeg', true),
      ('refine_image', 'sharpness', 'Sharpness & Detail', 'Refined-Images', 'jpg', 'image/jpeg', false),
      ('lightbox', 'default', 'Ceramic Mug - White Studio', 'Lightbox/images', 'png', 'image/png', true),
      ('lightbox', 'default', 'Leather Wallet - Soft Shadow', 'Lightbox/images', 'png', 'image/png', true),
      ('spin360', 'default', 'Sneaker 360° Spin', '360 Spin', 'mp4', 'video/mp4', true),
      ('ugc', 'default', 'Skincare Serum UGC Ad', 'UGC', 'mp4', 'video/mp4', true)
    ) as t(studio, preset, title, folder, ext, mime, succeeds)
  loop
    v_job := public.start_job(v_item.studio, jsonb_build_object('preset', v_item.preset, 'title', v_item.title, 'seed', true));
    if v_item.succeeds then
      perform public.complete_job((v_job ->> 'job_id')::uuid, jsonb_build_object(
        'path', format('%s/%s/%s.%s', v_uid, v_item.folder, v_job ->> 'job_id', v_item.ext),
        'bucket', case when v_item.ext = 'mp4' then 'videos' else 'processed' end,
        'mime_type', v_item.mime, 'width', 1080, 'height', case when v_item.ext = 'mp4' then 1920 else 1080 end,
        'bytes', case when v_item.ext = 'mp4' then 2400000 else 420000 end));
    else
      perform public.fail_job((v_job ->> 'job_id')::uuid, 'The image could not be decoded.');
    end if;
  end loop;

  perform set_config('request.jwt.claims', '', true);
  update public.profiles set plan = 'professional' where user_id = v_uid;

  -- Land on exactly 200 credits after the seeded jobs.
  select credits into v_balance from public.profiles where user_id = v_uid;
  if v_balance <> 200 then
    perform private.apply_credit_delta(v_uid, 200 - v_balance, 'adjustment');
  end if;

  update public.videos set views = 1840, engagement = 212 where user_id = v_uid and studio = 'ugc';
  update public.videos set views = 960, engagement = 87 where user_id = v_uid and studio = 'spin360';
end
$$;
