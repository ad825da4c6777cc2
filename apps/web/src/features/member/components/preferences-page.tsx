import { COLOR_SCHEMES, memberPreferencesInput, type ColorScheme } from '@corner/domain';
import {
  Alert,
  Checkbox,
  Divider,
  Group,
  MultiSelect,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  Title,
  useMantineColorScheme,
} from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { ResultOf } from 'gql.tada';
import { useCallback, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useClient, useQuery } from 'urql';
import { errorCause } from '../../../app/graphql/errors';
import type { FieldErrors } from '../../../ui/auto-save/auto-saver';
import type { Draft } from '../../../ui/auto-save/draft-store';
import { SaveStatusLine } from '../../../ui/auto-save/save-status';
import { useAutoSave } from '../../../ui/auto-save/use-auto-save';
import { CenteredLoader } from '../../../ui/centered-loader';
import { PageFrame } from '../../../ui/page-frame';
import {
  FEEDBACK_OPTIONS,
  NOTIFICATION_OPTIONS,
  RECOLOR_OPTIONS,
  SHARING_OPTIONS,
  SOCIAL_MEDIA_OPTIONS,
  optionData,
} from '../../submission/options';
import { saveResultOf } from '../../submission/save-result';
import { ruleMessages } from '../../submission/validation';
import { PreferencesQuery, UpdateMemberPreferencesMutation } from './preferences-page.graphql';
import { languageOptions } from '../languages';
import { colorSchemeOf } from './member-color-scheme';
import classes from './preferences-page.module.css';

type Loaded = NonNullable<ResultOf<typeof PreferencesQuery>['me']>;
type Pack = ResultOf<typeof PreferencesQuery>['expansionPacks'][number];

export interface PreferencesValues {
  terms_of_use: boolean;
  about: string;
  expansion_packs: number[];
  feedback_option: number;
  recolor_option: number;
  default_sharing_option: number;
  default_social_media_option: number;
  notification_option: number;
  notification_on_approved: boolean;
  notification_on_publish: boolean;
  show_country_option: boolean;
  languages: string[];
  color_scheme: ColorScheme;
}

/** Pack types in the order they are shown: expansion, game and stuff packs. */
const PACK_TYPES = ['EP', 'GP', 'SP'] as const;

/** /preferences: every member preference of SPEC section 3, saved as it changes. */
export function PreferencesPage() {
  const { t } = useTranslation();
  const [{ data, fetching, error }] = useQuery({ query: PreferencesQuery, requestPolicy: 'cache-and-network' });
  const member = data?.me;
  return (
    <PageFrame title={t('preferences.title')} description={t('preferences.intro')}>
      {member && data ? (
        <PreferencesForm key={member.MemberID} member={member} packs={data.expansionPacks} />
      ) : fetching ? (
        <CenteredLoader label={t('app.loading')} />
      ) : (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />}>
          {error ? errorCause(error) : t('preferences.loadFailed')}
        </Alert>
      )}
    </PageFrame>
  );
}

function Section({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} component="section" aria-label={title}>
      <Title order={2} fz="lg">
        {title}
      </Title>
      {description ? (
        <Text size="sm" c="dimmed" mt={4}>
          {description}
        </Text>
      ) : null}
      <Stack gap="md" mt="md">
        {children}
      </Stack>
    </Paper>
  );
}

function PreferencesForm({ member, packs }: { member: Loaded; packs: readonly Pack[] }) {
  const { t } = useTranslation();
  const client = useClient();
  const { setColorScheme } = useMantineColorScheme();
  const prefs = member.preferences;

  const base = useMemo<PreferencesValues>(
    () => ({
      terms_of_use: prefs.terms_of_use,
      about: prefs.about ?? '',
      expansion_packs: prefs.expansion_packs.map((p) => p.id).sort((a, b) => a - b),
      feedback_option: prefs.feedback_option,
      recolor_option: prefs.recolor_option,
      default_sharing_option: prefs.default_sharing_option,
      default_social_media_option: prefs.default_social_media_option,
      notification_option: prefs.notification_option,
      notification_on_approved: prefs.notification_on_approved,
      notification_on_publish: prefs.notification_on_publish,
      show_country_option: prefs.show_country_option,
      languages: [...prefs.languages],
      color_scheme: colorSchemeOf(prefs.color_scheme),
    }),
    [prefs],
  );
  const validate = useCallback(
    (values: PreferencesValues): FieldErrors<PreferencesValues> =>
      ruleMessages<PreferencesValues>(memberPreferencesInput, { ...values, about: values.about.trim() === '' ? null : values.about }),
    [],
  );
  const save = useCallback(
    async (changes: Draft<PreferencesValues>) => {
      const input = { ...changes, ...(changes.about !== undefined ? { about: changes.about.trim() === '' ? null : changes.about } : {}) };
      const result = await client.mutation(UpdateMemberPreferencesMutation, { input }).toPromise();
      return saveResultOf<PreferencesValues>(result);
    },
    [client],
  );
  const form = useAutoSave<PreferencesValues>({ storageKey: `preferences:${member.MemberID}`, base, save, validate });
  const { values, errors } = form;
  const flush = () => void form.flush();
  function choose<K extends keyof PreferencesValues>(key: K, value: PreferencesValues[K]) {
    form.setValue(key, value);
    flush();
  }
  const unknown = (value: number) => t('options.unknown', { value });
  const selectProps = { allowDeselect: false } as const;

  return (
    <Stack gap="lg" maw={860}>
      <Group justify="space-between" align="center" wrap="wrap" className={classes.statusBar}>
        <Group gap="xl">
          <div>
            <Text size="sm" c="dimmed">
              {t('preferences.userName')}
            </Text>
            <Text fw={500}>{member.UserName}</Text>
          </div>
          <div>
            <Text size="sm" c="dimmed">
              {t('preferences.email')}
            </Text>
            <Text fw={500}>{member.Email}</Text>
          </div>
        </Group>
        <SaveStatusLine status={form.status} failure={form.failure} onRetry={() => void form.retry()} />
      </Group>

      <Section title={t('preferences.appearanceTitle')} description={t('preferences.appearanceText')}>
        <Stack gap={6}>
          <Text size="sm" fw={500} id="color-scheme-label">
            {t('preferences.colorScheme')}
          </Text>
          <SegmentedControl
            aria-labelledby="color-scheme-label"
            data={COLOR_SCHEMES.map((scheme) => ({ value: scheme, label: t(`preferences.colorSchemes.${scheme}`) }))}
            value={values.color_scheme}
            onChange={(value) => {
              const scheme = colorSchemeOf(value);
              // Shown at once; saved like every other preference, and applied on the member's other devices.
              setColorScheme(scheme);
              choose('color_scheme', scheme);
            }}
            maw={420}
          />
          {errors.color_scheme ? (
            <Text size="sm" c="red">
              {errors.color_scheme}
            </Text>
          ) : null}
        </Stack>
      </Section>

      <Section title={t('preferences.profileTitle')} description={t('preferences.profileText')}>
        <Textarea
          label={t('preferences.about')}
          description={t('preferences.aboutText')}
          autosize
          minRows={3}
          maxRows={10}
          value={values.about}
          onChange={(event) => form.setValue('about', event.currentTarget.value)}
          onBlur={flush}
          error={errors.about}
        />
        <MultiSelect
          label={t('preferences.languages')}
          description={t('preferences.languagesText')}
          placeholder={values.languages.length ? undefined : t('preferences.languagesPlaceholder')}
          data={languageOptions(values.languages)}
          value={values.languages}
          onChange={(languages) => form.setValue('languages', languages)}
          onDropdownClose={flush}
          searchable
          clearable
          hidePickedOptions
          nothingFoundMessage={t('multiSelect.nothingFound')}
          error={errors.languages ?? errors['languages.0']}
        />
        <Switch
          label={t('preferences.showCountry')}
          checked={values.show_country_option}
          onChange={(event) => choose('show_country_option', event.currentTarget.checked)}
        />
      </Section>

      <Section title={t('preferences.defaultsTitle')} description={t('preferences.defaultsText')}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Select
            label={t('terms.feedback')}
            data={optionData(FEEDBACK_OPTIONS, values.feedback_option, (v) => t(`options.feedback.${v as 0}`), unknown)}
            value={String(values.feedback_option)}
            onChange={(value) => value !== null && choose('feedback_option', Number(value))}
            error={errors.feedback_option}
            {...selectProps}
          />
          <Select
            label={t('terms.recolor')}
            data={optionData(RECOLOR_OPTIONS, values.recolor_option, (v) => t(`options.recolor.${v as 0}`), unknown)}
            value={String(values.recolor_option)}
            onChange={(value) => value !== null && choose('recolor_option', Number(value))}
            error={errors.recolor_option}
            {...selectProps}
          />
          <Select
            label={t('preferences.sharing')}
            data={optionData(SHARING_OPTIONS, values.default_sharing_option, (v) => t(`options.sharing.${v as 0}`), unknown)}
            value={String(values.default_sharing_option)}
            onChange={(value) => value !== null && choose('default_sharing_option', Number(value))}
            error={errors.default_sharing_option}
            {...selectProps}
          />
          <Select
            label={t('preferences.socialMedia')}
            data={optionData(SOCIAL_MEDIA_OPTIONS, values.default_social_media_option, (v) => t(`options.socialMedia.${v as 0}`), unknown)}
            value={String(values.default_social_media_option)}
            onChange={(value) => value !== null && choose('default_social_media_option', Number(value))}
            error={errors.default_social_media_option}
            {...selectProps}
          />
        </SimpleGrid>
      </Section>

      <Section title={t('preferences.notificationsTitle')} description={t('preferences.notificationsText')}>
        <Select
          label={t('preferences.notificationOption')}
          data={optionData(NOTIFICATION_OPTIONS, values.notification_option, (v) => t(`options.notification.${v as 0}`), unknown)}
          value={String(values.notification_option)}
          onChange={(value) => value !== null && choose('notification_option', Number(value))}
          error={errors.notification_option}
          maw={420}
          {...selectProps}
        />
        <Switch
          label={t('preferences.onApproved')}
          checked={values.notification_on_approved}
          onChange={(event) => choose('notification_on_approved', event.currentTarget.checked)}
        />
        <Switch
          label={t('preferences.onPublish')}
          checked={values.notification_on_publish}
          onChange={(event) => choose('notification_on_publish', event.currentTarget.checked)}
        />
      </Section>

      <Section title={t('preferences.packsTitle')} description={t('preferences.packsText')}>
        {PACK_TYPES.map((type, index) => {
          const ofType = packs.filter((p) => p.type === type);
          if (ofType.length === 0) return null;
          return (
            <Stack key={type} gap="xs">
              {index > 0 ? <Divider /> : null}
              <Checkbox.Group
                label={t(`preferences.packTypes.${type}`)}
                value={values.expansion_packs.filter((id) => ofType.some((p) => p.id === id)).map(String)}
                onChange={(chosen) => {
                  const others = values.expansion_packs.filter((id) => !ofType.some((p) => p.id === id));
                  form.setValue('expansion_packs', [...others, ...chosen.map(Number)].sort((a, b) => a - b));
                }}
              >
                <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing={8} mt={8}>
                  {ofType.map((pack) => (
                    <Checkbox key={pack.id} value={String(pack.id)} label={pack.name} />
                  ))}
                </SimpleGrid>
              </Checkbox.Group>
            </Stack>
          );
        })}
        {errors.expansion_packs ? (
          <Text size="sm" c="red">
            {errors.expansion_packs}
          </Text>
        ) : null}
      </Section>

      <Section title={t('preferences.termsTitle')}>
        <Checkbox
          label={t('preferences.termsOfUse')}
          description={t('preferences.termsOfUseText')}
          checked={values.terms_of_use}
          onChange={(event) => choose('terms_of_use', event.currentTarget.checked)}
        />
      </Section>
    </Stack>
  );
}
