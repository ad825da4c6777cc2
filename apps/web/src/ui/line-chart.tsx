import { Group, Stack, Text, UnstyledButton, VisuallyHidden, useMantineTheme, type MantineColor } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { useState } from 'react';

export interface LineSeries {
  key: string;
  label: string;
  color: MantineColor;
  /** One value per point of `labels`; null where there is none. */
  values: readonly (number | null)[];
}

export interface LineChartProps {
  /** The x axis, e.g. days. */
  labels: readonly string[];
  series: readonly LineSeries[];
  /** Names the chart for screen readers; a table of the same numbers follows it for them. */
  title: string;
  height?: number;
}

/** The width drawn before the chart's box has been measured (and in a test without layout). */
const DEFAULT_WIDTH = 720;
const PAD = { top: 12, right: 12, bottom: 24, left: 36 };

/** A "nice" top for the y axis: 1, 2 or 5 times a power of ten at or above `max`. */
export function niceMax(max: number): number {
  if (max <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(max));
  return [1, 2, 5, 10].map((m) => m * power).find((v) => v >= max)!;
}

/**
 * A small multi-line chart in SVG, with a legend whose entries show or hide their line, the value
 * under the pointer, and a visually hidden table of the numbers for screen readers.
 */
export function LineChart({ labels, series, title, height = 220 }: LineChartProps) {
  const theme = useMantineTheme();
  // Drawn at the width it is shown at, one unit to a pixel: scaled down to a phone's width, the axis
  // labels shrank to a few pixels.
  const { ref, width: measured } = useElementSize<HTMLDivElement>();
  const width = measured > 0 ? Math.round(measured) : DEFAULT_WIDTH;
  const [hidden, setHidden] = useState<ReadonlySet<string>>(new Set());
  const [hover, setHover] = useState<number | null>(null);
  const shown = series.filter((s) => !hidden.has(s.key));
  const max = niceMax(Math.max(0, ...shown.flatMap((s) => s.values.filter((v): v is number => v !== null))));
  const innerW = width - PAD.left - PAD.right;
  const innerH = height - PAD.top - PAD.bottom;
  const x = (i: number) => PAD.left + (labels.length < 2 ? innerW / 2 : (i / (labels.length - 1)) * innerW);
  const y = (v: number) => PAD.top + innerH - (v / max) * innerH;
  // Each series in its palette's text colour, which the theme keeps readable in light and dark.
  const color = (c: MantineColor) => (theme.colors[c] ? `var(--mantine-color-${c}-text)` : c);

  return (
    <Stack gap="xs">
      <div ref={ref}>
        <svg
          viewBox={`0 0 ${width} ${height}`}
          width="100%"
          height={height}
          style={{ display: 'block' }}
          role="img"
          aria-label={title}
          onMouseLeave={() => setHover(null)}
          onMouseMove={(event) => {
            const box = event.currentTarget.getBoundingClientRect();
            const px = ((event.clientX - box.left) / box.width) * width;
            const i = Math.round(((px - PAD.left) / innerW) * (labels.length - 1));
            setHover(labels.length ? Math.min(Math.max(i, 0), labels.length - 1) : null);
          }}
        >
          {[0, 0.5, 1].map((f) => (
            <g key={f}>
              <line x1={PAD.left} x2={width - PAD.right} y1={y(max * f)} y2={y(max * f)} stroke="var(--corner-border)" strokeDasharray={f ? '3 3' : undefined} />
              <text x={PAD.left - 6} y={y(max * f) + 4} textAnchor="end" fontSize={11} fill="var(--mantine-color-dimmed)">
                {Math.round(max * f)}
              </text>
            </g>
          ))}
          {labels.map((label, i) =>
            i === 0 || i === labels.length - 1 || i % 7 === 0 ? (
              <text
                key={label}
                x={x(i)}
                y={height - 6}
                textAnchor={i === 0 ? 'start' : i === labels.length - 1 ? 'end' : 'middle'}
                fontSize={11}
                fill="var(--mantine-color-dimmed)"
              >
                {label}
              </text>
            ) : null,
          )}
          {shown.map((s) => {
            const points = s.values.map((v, i) => (v === null ? null : `${x(i)},${y(v)}`)).filter(Boolean);
            return <polyline key={s.key} points={points.join(' ')} fill="none" stroke={color(s.color)} strokeWidth={2} strokeLinejoin="round" />;
          })}
          {hover !== null ? (
            <g>
              <line x1={x(hover)} x2={x(hover)} y1={PAD.top} y2={PAD.top + innerH} stroke="var(--mantine-color-default-border)" />
              {shown.map((s) => {
                const v = s.values[hover];
                return v === null || v === undefined ? null : <circle key={s.key} cx={x(hover)} cy={y(v)} r={3.5} fill={color(s.color)} />;
              })}
            </g>
          ) : null}
        </svg>
      </div>
      <Group gap="md" wrap="wrap">
        {series.map((s) => {
          const off = hidden.has(s.key);
          const value = hover !== null ? s.values[hover] : s.values[s.values.length - 1];
          return (
            <UnstyledButton
              key={s.key}
              aria-pressed={!off}
              onClick={() =>
                setHidden((current) => {
                  const next = new Set(current);
                  if (off) next.delete(s.key);
                  else next.add(s.key);
                  return next;
                })
              }
              style={{ display: 'flex', alignItems: 'center', gap: 6, opacity: off ? 0.4 : 1 }}
            >
              <span aria-hidden style={{ width: 12, height: 3, borderRadius: 2, background: color(s.color), display: 'inline-block' }} />
              <Text size="xs">
                {s.label}
                {value !== null && value !== undefined ? `: ${value}` : ''}
              </Text>
            </UnstyledButton>
          );
        })}
        {hover !== null ? (
          <Text size="xs" c="dimmed">
            {labels[hover]}
          </Text>
        ) : null}
      </Group>
      {/* A table ignores height: 1 and would stretch the page by its rows: the clipping box holds it. */}
      <VisuallyHidden component="div">
        <table>
          <caption>{title}</caption>
          <thead>
            <tr>
              <th scope="col" />
              {series.map((s) => (
                <th key={s.key} scope="col">
                  {s.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {labels.map((label, i) => (
              <tr key={label}>
                <th scope="row">{label}</th>
                {series.map((s) => (
                  <td key={s.key}>{s.values[i] ?? ''}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </VisuallyHidden>
    </Stack>
  );
}
