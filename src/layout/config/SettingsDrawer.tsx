import { ActionIcon, Drawer, Group, Radio, Stack, Switch, Text, Title, Tooltip, UnstyledButton } from '@mantine/core';
import { IconCheck, IconMinus, IconPlus } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation, type MessageKey } from '../../i18n/index.ts';
import { useLayout } from '../state/LayoutProvider.tsx';
import { MAX_SCALE, MIN_SCALE, SCALES, type InputStyle, type MenuMode } from '../state/settings.ts';
import { accentsOf, findTheme, THEME_FAMILIES, themeId } from '../state/themes.ts';
import classes from './SettingsPanel.module.css';

/** How long the panel takes to slide in (spec §9: 0.3 s). */
export const SETTINGS_SLIDE_MS = 300;

const MENU_MODES = [
  { value: 'static', label: 'shell.settings.menuStatic' },
  { value: 'overlay', label: 'shell.settings.menuOverlay' },
] as const satisfies readonly { value: MenuMode; label: MessageKey }[];

const INPUT_STYLES = [
  { value: 'outlined', label: 'shell.settings.inputOutlined' },
  { value: 'filled', label: 'shell.settings.inputFilled' },
] as const satisfies readonly { value: InputStyle; label: MessageKey }[];

/** A theme accent's name, by the accent's id in the theme id. */
const ACCENT_NAMES: Readonly<Record<string, MessageKey>> = {
  indigo: 'shell.accent.indigo',
  blue: 'shell.accent.blue',
  purple: 'shell.accent.purple',
  teal: 'shell.accent.teal',
  deeppurple: 'shell.accent.deeppurple',
  cyan: 'shell.accent.cyan',
};

/** One setting with a few exclusive choices, as radio buttons. */
function ChoiceGroup<T extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: T;
  options: readonly { value: T; label: MessageKey }[];
  onChange: (value: T) => void;
}) {
  const { t } = useTranslation('app');
  return (
    <section className={classes.section}>
      <Radio.Group
        label={<span className={classes.heading}>{label}</span>}
        value={value}
        onChange={(next) => onChange(options.find((option) => option.value === next)!.value)}
      >
        <Group mt="xs">
          {options.map((option) => (
            <Radio key={option.value} value={option.value} label={t(option.label)} />
          ))}
        </Group>
      </Radio.Group>
    </section>
  );
}

/**
 * The settings panel: scale, menu type, input style, ripple, dark mode and
 * themes. In a chunk of its own, fetched as the customer reaches for its
 * button (SettingsPanel.tsx), so the signed-in page does not wait for the
 * drawer and its parts.
 */
export interface SettingsDrawerProps {
  /** opened once it is on screen (closed first, so it slides in): mounted by the first press of the button */
  openOnMount: boolean;
}

export default function SettingsDrawer({ openOnMount }: SettingsDrawerProps) {
  const { t, direction } = useTranslation('app');
  const { state, dispatch } = useLayout();
  useEffect(() => {
    if (openOnMount) dispatch({ type: 'configShow' });
  }, [openOnMount, dispatch]);
  const { config } = state;
  const current = findTheme(config.theme);
  // The panel comes in from the end of the line: the right, or the left in a right-to-left language.
  const rtl = direction === 'rtl';

  return (
    <Drawer
      opened={state.configSidebarVisible}
      onClose={() => dispatch({ type: 'configHide' })}
      // Mantine places a 'right' drawer at the end of the line, the left edge in a right-to-left language.
      position="right"
      size="20rem"
      title={t('shell.settings')}
      classNames={{ title: classes.title }}
      closeButtonProps={{ 'aria-label': t('shell.settings.close') }}
      transitionProps={{ transition: rtl ? 'slide-right' : 'slide-left', duration: SETTINGS_SLIDE_MS, timingFunction: 'ease' }}
    >
      <section className={classes.section} aria-labelledby="settings-scale">
        <Title order={3} className={classes.heading} id="settings-scale">
          {t('shell.settings.scale')}
        </Title>
        <Group gap="md" wrap="nowrap">
          <ActionIcon
            variant="light"
            radius="xl"
            aria-label={t('shell.settings.decreaseScale')}
            disabled={config.scale <= MIN_SCALE}
            onClick={() => dispatch({ type: 'setScale', scale: config.scale - 1 })}
          >
            <IconMinus size={16} />
          </ActionIcon>
          <div className={classes.dots} aria-hidden>
            {SCALES.map((scale) => (
              <span key={scale} className={classes.dot} data-current={scale === config.scale || undefined} />
            ))}
          </div>
          <ActionIcon
            variant="light"
            radius="xl"
            aria-label={t('shell.settings.increaseScale')}
            disabled={config.scale >= MAX_SCALE}
            onClick={() => dispatch({ type: 'setScale', scale: config.scale + 1 })}
          >
            <IconPlus size={16} />
          </ActionIcon>
          <Text size="sm" c="dimmed" aria-live="polite" data-testid="scale-value" dir="ltr">
            {config.scale} px
          </Text>
        </Group>
      </section>

      <ChoiceGroup
        label={t('shell.settings.menuType')}
        value={config.menuMode}
        options={MENU_MODES}
        onChange={(menuMode) => dispatch({ type: 'setMenuMode', menuMode })}
      />
      <ChoiceGroup
        label={t('shell.settings.inputStyle')}
        value={config.inputStyle}
        options={INPUT_STYLES}
        onChange={(inputStyle) => dispatch({ type: 'setInputStyle', inputStyle })}
      />

      <section className={classes.section}>
        <Stack gap="sm">
          <Switch
            label={t('shell.settings.ripple')}
            checked={config.ripple}
            onChange={(event) => dispatch({ type: 'setRipple', ripple: event.currentTarget.checked })}
          />
          <Switch
            label={t('shell.settings.darkMode')}
            checked={config.colorScheme === 'dark'}
            onChange={(event) => dispatch({ type: 'setColorScheme', colorScheme: event.currentTarget.checked ? 'dark' : 'light' })}
          />
        </Stack>
      </section>

      <section className={classes.section} aria-labelledby="settings-themes">
        <Title order={3} className={classes.heading} id="settings-themes">
          {t('shell.settings.themes')}
        </Title>
        <Stack gap="sm">
          {THEME_FAMILIES.map((family) => (
            <div key={family.id}>
              <Text size="sm" fw={600} mb={6} id={`settings-family-${family.id}`}>
                {family.label}
              </Text>
              <Group gap="xs" role="group" aria-labelledby={`settings-family-${family.id}`}>
                {accentsOf(family.id).map((accent) => {
                  const id = themeId(family.id, config.colorScheme, accent.accent);
                  const selected = current?.family === family.id && current.accent === accent.accent;
                  const accentName = ACCENT_NAMES[accent.accent];
                  const name = t('shell.settings.theme', { family: family.label, accent: accentName ? t(accentName) : accent.label });
                  return (
                    <Tooltip key={id} label={name}>
                      <UnstyledButton
                        className={classes.swatch}
                        style={{ background: `var(--mantine-color-${accent.color}-${config.colorScheme === 'dark' ? 8 : 6})` }}
                        aria-label={name}
                        aria-pressed={selected}
                        data-ripple
                        onClick={() => dispatch({ type: 'setTheme', theme: id })}
                      >
                        {selected && <IconCheck size={18} color="white" aria-hidden />}
                      </UnstyledButton>
                    </Tooltip>
                  );
                })}
              </Group>
            </div>
          ))}
        </Stack>
      </section>
    </Drawer>
  );
}
