import { useRef, type TouchEvent } from 'react';
import type { Plan } from '../content/types';
import { PlanCard } from './PlanCard';
import styles from './Sponsors.module.css';

/** Space between two plans on the slider, px. */
export const SLIDE_GAP = 8;
/** A horizontal swipe longer than this (px) moves to the neighbouring plan. */
export const SWIPE_THRESHOLD = 100;

export interface PlanSliderProps {
  plans: Plan[];
  active: number;
  onActive: (index: number) => void;
  contactUrl: string | null;
}

/** The plans side by side, one in view, for narrow screens: swipe, or use the dots, to move. */
export function PlanSlider({ plans, active, onActive, contactUrl }: PlanSliderProps) {
  const startX = useRef<number | null>(null);
  const onTouchStart = (event: TouchEvent): void => {
    startX.current = event.touches[0]?.clientX ?? null;
  };
  const onTouchEnd = (event: TouchEvent): void => {
    const endX = event.changedTouches[0]?.clientX;
    if (startX.current === null || endX === undefined) return;
    const distance = endX - startX.current;
    startX.current = null;
    if (distance < -SWIPE_THRESHOLD && active < plans.length - 1) onActive(active + 1);
    else if (distance > SWIPE_THRESHOLD && active > 0) onActive(active - 1);
  };
  return (
    <div aria-roledescription="carousel" aria-label="Sponsorship plans">
      <div className={styles.sliderViewport} onTouchStart={onTouchStart} onTouchEnd={onTouchEnd}>
        <div className={styles.sliderTrack} style={{ gap: `${SLIDE_GAP}px`, transform: `translateX(calc(${-active * 100}% - ${active * SLIDE_GAP}px))` }}>
          {plans.map((plan, index) => (
            <div key={plan.id} className={styles.sliderSlide} role="group" aria-roledescription="slide" aria-label={plan.name} aria-hidden={index !== active}>
              <PlanCard plan={plan} contactUrl={contactUrl} />
            </div>
          ))}
        </div>
      </div>
      <div className={styles.sliderDots}>
        {plans.map((plan, index) => (
          <button key={plan.id} type="button" aria-label={`Show the ${plan.name} plan`} aria-pressed={index === active} onClick={() => onActive(index)} />
        ))}
      </div>
    </div>
  );
}
