import { describe, expect, it } from 'vitest';
import { errorContent } from './error-content';

describe('errorContent', () => {
  it('has the titles and texts of the spec', () => {
    expect(errorContent('pending').title).toBe('Action Required');
    expect(errorContent('pending').paragraphs.join(' ')).toMatch(/junk or spam/);
    expect(errorContent('pending').actions).toEqual(['goToMainPage', 'resendEmailVerification']);
    expect(errorContent('inactive').title).toBe('Authorization Error');
    expect(errorContent('unknownStatus').paragraphs).toEqual(["We're afraid something went wrong...Please try again."]);
    expect(errorContent('noPermission')).toMatchObject({
      title: 'Permission Error',
      paragraphs: ['You do not have permission.'],
    });
    expect(errorContent('pageNotExist')).toMatchObject({
      title: 'Page Not Exist Error',
      paragraphs: ['The page does not exist.'],
    });
    expect(errorContent('exceedMaxConcurrentUser').title).toBe(
      'The number of current concurrent users exceeded the max concurrent user. Please contact to your system admin.',
    );
    expect(errorContent('exceedMaxConcurrentUser').actions).toEqual(['logout']);
  });

  it('shows a generic message for unknown types, including object keys', () => {
    expect(errorContent('whatever').title).toBe('Error');
    expect(errorContent('toString').title).toBe('Error');
    expect(errorContent(undefined).paragraphs).toEqual(['Something went wrong.']);
  });
});
