-- The cost-equivalent value of a house-ad install (issues 16 and 17): what the advertised app paid per install
-- on paid channels that month; this default (USD micros) when it bought none.
ALTER TABLE house_ad_settings ADD COLUMN value_per_install_micros bigint NOT NULL DEFAULT 500000 CHECK (value_per_install_micros >= 0);
