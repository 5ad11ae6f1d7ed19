/**
 * Follow-up answers: each becomes a task of the story it is about.
 */
import { featureTitle } from "../input.js";
import { gwt, type TaskSpec } from "../rules-catalogue.js";
import type { StorySpec } from "./story-spec.js";
import { folded, lowerFirst, wordsOf } from "./text.js";

const NEGATIVE_ANSWER = /^(no|nope|none|n\/?a|not (needed|required|applicable|sure)|nothing|no preference|don'?t know|skip|-)\.?$/i;
const RULE_WORDS = /\b(must|only|never|always|cannot|can't|required?|should)\b/i;

/** A follow-up answer as a task of the story it is about, or null when it asks for nothing. */
export function answerTask(answer: { questionId?: string; question: string; answer: string }, index: number, hours: number): TaskSpec | null {
  const text = folded(answer.answer).replace(/[.!\s]+$/, "");
  const question = folded(answer.question).replace(/\?+$/, "");
  if (text === "" || NEGATIVE_ANSWER.test(text)) return null;
  // "Walkers must pass a background check" stands alone; "Yes, about 30 photos" only makes sense with its question.
  const statement = text.split(/\s+/).length >= 4 && !/^(yes|no|yeah|yep|nope|sure|maybe|about|around|roughly|approximately)\b/i.test(text);
  const title = featureTitle(statement ? text : `${question}: ${text}`);
  const criteria = [
    gwt(`the answer to "${question}"`, "the finished work is demonstrated", statement ? lowerFirst(text) : `it behaves as answered ("${text}")`),
  ];
  if (statement && RULE_WORDS.test(text)) {
    criteria.push(gwt(`a case that breaks the rule "${text}"`, "it is tried", "the product refuses it and says why"));
  }
  return {
    title,
    description: `From the follow-up question "${question}?", answered: ${text}.`,
    priority: "medium",
    hours,
    criteria,
    source: `answer:${answer.questionId ?? `question_${index + 1}`}`,
  };
}

/** The story an answer is about: the most shared words, else the first feature story, else the first story. */
export function storyForAnswer(stories: readonly StorySpec[], answer: { question: string; answer: string }): StorySpec {
  const words = wordsOf(`${answer.question} ${answer.answer}`);
  let best: StorySpec | undefined;
  let bestScore = 0;
  for (const story of stories) {
    if (story.phase === "foundation" || story.phase === "launch") continue;
    const storyWords = wordsOf(`${story.title} ${story.story} ${story.context.join(" ")}`);
    let score = 0;
    for (const word of words) if (storyWords.has(word)) score += 1;
    if (score > bestScore) {
      best = story;
      bestScore = score;
    }
  }
  return best ?? stories.find((story) => story.phase === "feature") ?? stories[0]!;
}
