import type { QuestionTag } from '@inquire/shared';

/** Wire shapes of the people calls (server: modules/people). */
export interface RankedUser {
  username: string;
  display_name: string;
  avatar: string;
  rank: number;
  vote_count: number;
}

export interface Ranking {
  users_with_the_most_reputation: RankedUser[];
  users_with_the_most_vote: RankedUser[];
  staffs: RankedUser[];
}

export interface PublicProfile {
  id: string;
  created_at: number;
  last_login_date: number;
  username: string;
  display_name: string;
  avatar: string;
  rank: number;
  bio_html: string;
  website: string;
  location: string;
  question_count: number;
  answer_count: number;
  status: string;
  status_msg: string;
}

export interface TopPosts {
  question: {
    question_id: string;
    title: string;
    url_title: string;
    vote_count: number;
    answer_count: number;
    accepted_answer_id: string;
  }[];
  answer: {
    answer_id: string;
    question_id: string;
    title: string;
    url_title: string;
    vote_count: number;
    accepted: number;
  }[];
}

export interface PersonalQuestion {
  question_id: string;
  title: string;
  url_title: string;
  vote_count: number;
  view_count: number;
  answer_count: number;
  accepted_answer_id: string;
  created_at: number;
  /** The question's tags (personal/question/page; bookmarks carry none). */
  tags?: QuestionTag[];
}

export interface PersonalAnswer {
  answer_id: string;
  question_id: string;
  accepted: number;
  vote_count: number;
  create_time: number;
  question_info: { title: string; url_title: string; tags: QuestionTag[] };
}

export interface PersonalComment {
  comment_id: string;
  created_at: number;
  question_id: string;
  answer_id: string;
  title: string;
  url_title: string;
  content: string;
}

export interface PersonalReputation {
  created_at: number;
  question_id: string;
  answer_id: string;
  title: string;
  url_title: string;
  reputation: number;
  rank_type: string;
}

export interface PersonalVote {
  created_at: number;
  question_id: string;
  answer_id: string;
  object_type: string;
  title: string;
  url_title: string;
  vote_type: 'vote_up' | 'vote_down';
}
